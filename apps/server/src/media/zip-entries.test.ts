import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateEntry, readZipDirectory, ZipFormatError, ZipLimitError, type ZipEntry } from './zip-entries';

const MB = 1024 * 1024;

/** Every byte an entry inflates to, and how many came out before it stopped. */
async function inflate(
  zip: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  budget = { remaining: 1024 * MB },
) {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  const outcome = await inflateEntry(zip, entry, { maxBytes, budget }, (chunk) => {
    produced += chunk.byteLength;
    chunks.push(chunk.slice());
  }).then(
    () => 'done',
    (error: unknown) => error,
  );
  return { outcome, produced, text: Buffer.concat(chunks).toString('utf8') };
}

/** Writes `size` as the declared unpacked size of every entry, in both of its headers (a liar's zip). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = 0; at + 4 <= bytes.length; at += 1) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, at + 24);
  }
  return new Uint8Array(bytes);
}

describe('zip entries within limits', () => {
  it('lists the entries and inflates the ones asked for, stored or deflated', async () => {
    const zip = zipSync({
      'stored.xml': [strToU8('<stored/>'), { level: 0 }],
      'deflated.xml': [strToU8('<a>'.repeat(1000)), { level: 9 }],
    });
    const { entries, declaredTotal } = readZipDirectory(zip, 10);
    expect([...entries.keys()].sort()).toEqual(['deflated.xml', 'stored.xml']);
    expect(declaredTotal).toBe(9 + 3000);
    expect((await inflate(zip, entries.get('stored.xml')!, MB)).text).toBe('<stored/>');
    expect((await inflate(zip, entries.get('deflated.xml')!, MB)).text).toBe('<a>'.repeat(1000));
    expect(() => readZipDirectory(zip, 1)).toThrow(ZipLimitError);
  });

  it('stops inflating an entry at its limit, whatever size it declares', async () => {
    const zip = declareSize(zipSync({ 'bomb.xml': [new Uint8Array(20 * MB).fill(120), { level: 9 }] }), 100);
    const entry = readZipDirectory(zip, 10).entries.get('bomb.xml')!;
    expect(entry.declaredSize).toBe(100);
    const { outcome, produced } = await inflate(zip, entry, MB);
    expect(outcome).toBeInstanceOf(ZipLimitError);
    // Stopped within one piece of the limit, far from the 20 MB it holds.
    expect(produced).toBeLessThanOrEqual(MB);
  });

  it('shares one budget between the entries a reading inflates', async () => {
    const part = new Uint8Array(3 * MB).fill(32);
    const zip = zipSync({ 'one.xml': [part, { level: 9 }], 'two.xml': [part, { level: 9 }] });
    const { entries } = readZipDirectory(zip, 10);
    const budget = { remaining: 5 * MB };
    expect((await inflate(zip, entries.get('one.xml')!, 4 * MB, budget)).outcome).toBe('done');
    expect((await inflate(zip, entries.get('two.xml')!, 4 * MB, budget)).outcome).toBeInstanceOf(
      ZipLimitError,
    );
  });

  it('refuses what is not a zip, damaged data and encrypted entries', async () => {
    expect(() => readZipDirectory(strToU8('not a zip at all, not even close'), 10)).toThrow(ZipFormatError);
    const zip = zipSync({ 'part.xml': [strToU8('<x>'.repeat(500)), { level: 9 }] });
    const entry = readZipDirectory(zip, 10).entries.get('part.xml')!;
    const damaged = zip.slice();
    const dataStart = entry.localOffset + 30 + 'part.xml'.length;
    damaged.fill(0xff, dataStart, dataStart + 8);
    expect((await inflate(damaged, entry, MB)).outcome).toBeInstanceOf(ZipFormatError);
    expect((await inflate(zip, { ...entry, flags: entry.flags | 1 }, MB)).outcome).toBeInstanceOf(
      ZipFormatError,
    );
  });
});
