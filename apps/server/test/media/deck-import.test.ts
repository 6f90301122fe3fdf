import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  convertPptxToPdf,
  deckErrors,
  detectDeckFormat,
  findDeckTools,
  readPptxSlides,
} from '../../src/media/deck-import';
import { PPTX_LIMITS } from '../../src/media/pptx-text';
import { FIXTURE_SLIDES, makePptx, makeTextRunsPptx, makeUnreferencedPartsPptx } from '../fixtures/decks';
import { describeHeavy } from '../helpers/each-database';
import { fixturePath, startProcess, waitFor } from '../helpers/processes';

let scratch: string;
let textRuns: string;
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'reelcraft-decks-'));
  textRuns = path.join(scratch, 'text-runs.pptx');
  await fs.writeFile(textRuns, await makeTextRunsPptx());
}, 60_000);
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

/** The live processes (not zombies) whose command line holds `marker`, with their names. */
async function processesMentioning(marker: string): Promise<{ pid: number; name: string }[]> {
  const found: { pid: number; name: string }[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (!commandLine.includes(marker)) continue;
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat[close + 2] === 'Z') continue;
      found.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // It ended meanwhile.
    }
  }
  return found;
}

/** Waits for LibreOffice's own process, soffice.bin, converting into `outputDir`. */
const sofficeBinOf = (outputDir: string) =>
  waitFor(
    async () =>
      (await processesMentioning(path.join(outputDir, 'lo-profile'))).find(
        (process) => process.name === 'soffice.bin',
      ),
    'soffice.bin to start',
    60_000,
  );

/** Kills what a failed test may leave running. */
async function killLeftovers(outputDir: string): Promise<void> {
  for (const { pid } of await processesMentioning(path.join(outputDir, 'lo-profile'))) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}

describe('reading a PowerPoint deck (in the deck worker)', () => {
  it("reads each slide's text and notes, in the presentation's order", async () => {
    const file = path.join(scratch, 'fixture.pptx');
    await fs.writeFile(file, await makePptx());
    const slides = await readPptxSlides(file, { maxSlides: 100 });
    expect(slides).toEqual(
      FIXTURE_SLIDES.map((slide) => ({
        text: [slide.title, ...slide.bullets].join('\n'),
        notes: slide.notes ?? '',
      })),
    );
    await expect(readPptxSlides(file, { maxSlides: 2 })).rejects.toMatchObject({
      name: 'DeckImportError',
      message: deckErrors.tooManySlides(2),
    });
  });

  it('refuses 94 KB of slides that unpack to 2 x 19 MB of text runs, by the text of slide 1', async () => {
    expect((await fs.stat(textRuns)).size).toBeLessThan(100 * 1024);
    await expect(readPptxSlides(textRuns, { maxSlides: 100 })).rejects.toMatchObject({
      name: 'DeckImportError',
      message: deckErrors.tooMuchText(1, PPTX_LIMITS.slideTextChars),
    });
  });

  it('refuses 0.8 MB with 40 unreferenced parts of 19 MB at the upload, and never reads such parts', async () => {
    const unreferenced = await makeUnreferencedPartsPptx();
    expect(unreferenced.length).toBeLessThan(1024 * 1024);
    await expect(detectDeckFormat(unreferenced)).rejects.toMatchObject({
      name: 'DeckImportError',
      message: deckErrors.tooLarge,
    });
    // Fewer of them pass the upload; they are damaged, so reading any of them would fail the import.
    const file = path.join(scratch, 'unreferenced.pptx');
    const damaged = await makeUnreferencedPartsPptx(10, { damaged: true });
    expect(await detectDeckFormat(damaged)).toBe('pptx');
    await fs.writeFile(file, damaged);
    expect((await readPptxSlides(file, { maxSlides: 100 })).map((slide) => slide.notes)).toEqual(
      FIXTURE_SLIDES.map((slide) => slide.notes ?? ''),
    );
  });
});

describeHeavy('LibreOffice in a process group of its own', () => {
  it.skipIf(process.platform !== 'linux')(
    'is killed whole at its time limit: soffice.bin does not run on',
    async () => {
      const outputDir = await fs.mkdtemp(path.join(scratch, 'limit-'));
      try {
        const converting = convertPptxToPdf(await findDeckTools(), textRuns, outputDir, {
          timeoutMs: 8_000,
        }).then(
          () => 'converted',
          (error: unknown) => error,
        );
        await sofficeBinOf(outputDir);
        expect(await converting).toMatchObject({ name: 'DeckImportError', message: deckErrors.tooSlow });
        await waitFor(
          async () => ((await processesMentioning(outputDir)).length === 0 ? true : undefined),
          'LibreOffice to be gone',
          5_000,
        );
      } finally {
        await killLeftovers(outputDir);
      }
    },
    90_000,
  );

  it.skipIf(process.platform !== 'linux')(
    'dies with its server, even on SIGKILL: soffice.bin included',
    async () => {
      const outputDir = await fs.mkdtemp(path.join(scratch, 'parent-'));
      try {
        const server = await startProcess(fixturePath('converts-a-deck.ts'), {
          DECK_FILE: textRuns,
          DECK_OUTPUT_DIR: outputDir,
        });
        await sofficeBinOf(outputDir);
        server.kill('SIGKILL');
        await waitFor(
          async () =>
            (await processesMentioning(path.join(outputDir, 'lo-profile'))).length === 0 ? true : undefined,
          'LibreOffice to die with its server',
          10_000,
        );
      } finally {
        await killLeftovers(outputDir);
      }
    },
    90_000,
  );
});
