/**
 * Web benchmark (`npm run bench:web`, which builds first): starts the built server on a free port with
 * a fresh embedded database, then for `/` and `/login` records what a first visit transfers (encoded
 * bytes per resource type, headless system Chromium, empty cache) and runs Lighthouse (mobile, its
 * default simulated throttling) BENCH_RUNS times (default 3), keeping the medians. Prints a table and
 * writes bench/results/web.json. Aim (issue 20): at most 150 kB of JavaScript on a first visit to `/`;
 * Lighthouse performance >= 95, accessibility 100 and SEO 100 on both pages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../apps/server/test/helpers/product-process';
import { machineDescription } from './machine';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// No sandbox (containers), no GPU, and none of the background traffic (updates, sync, field trials)
// that would land in the measured network log.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = ['/', '/login'] as const;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  speedIndexMs: 'speed-index',
  totalBlockingTimeMs: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
} as const;
const AIM = {
  maxFirstVisitScriptBytes: { '/': 150_000 },
  minScores: { performance: 95, accessibility: 100, seo: 100 },
} as const;
const SERVER_START_TIMEOUT_MS = 180_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = path.join(root, 'bench', 'results', 'web.json');

type Category = (typeof CATEGORIES)[number];
type Metric = keyof typeof METRICS;
interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Audits of the four categories that did not pass, for fixing what keeps a score down. */
  failing: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function assertBuilt() {
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    await fs.access(path.join(root, file)).catch(() => {
      throw new Error(`${file} is missing: run \`npm run build\` first (npm run bench:web does)`);
    });
  }
}

/** The production server on a fresh embedded database; resolves once it answers its health check. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    const healthy = await fetch(`${origin}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

/**
 * Encoded body bytes per resource type (document, script, stylesheet, font, image, fetch...) of a
 * first visit to each page: a new browser context (empty cache) loads it until the network is idle.
 */
async function measureTransfer(origin: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const pages: Record<string, Awaited<ReturnType<typeof firstVisit>>> = {};
    for (const pagePath of PAGES) pages[pagePath] = await firstVisit(browser, `${origin}${pagePath}`);
    return { chromium: browser.version(), pages };
  } finally {
    await browser.close();
  }
}

async function firstVisit(browser: Browser, url: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
  try {
    const page = await context.newPage();
    const pending: Promise<{ type: string; path: string; bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          type: request.resourceType(),
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const resources = await Promise.all(pending);
    const bytesByType: Record<string, number> = {};
    for (const resource of resources) {
      bytesByType[resource.type] = (bytesByType[resource.type] ?? 0) + resource.bytes;
    }
    return {
      totalBytes: resources.reduce((sum, resource) => sum + resource.bytes, 0),
      bytesByType,
      resources: resources.sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

async function runLighthouse(chrome: LaunchedChrome, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, audit]) => [name, lhr.audits[audit]?.numericValue ?? NaN]),
  ) as Record<Metric, number>;
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map(
        (ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`,
      ),
  );
  return { scores, metrics, failing };
}

function summariseRuns(runs: LighthouseRun[]) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    (Object.keys(METRICS) as Metric[]).map((name) => {
      const value = median(runs.map((run) => run.metrics[name]));
      return [name, name === 'cumulativeLayoutShift' ? Number(value.toFixed(3)) : Math.round(value)];
    }),
  ) as Record<Metric, number>;
  const performance = runs.map((run) => run.scores.performance);
  return {
    scores,
    performanceSpread: { min: Math.min(...performance), max: Math.max(...performance), runs: performance },
    metrics,
    failingAudits: [...new Set(runs.flatMap((run) => run.failing))],
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  await assertBuilt();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelcraft-bench-web-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const loadAtStart = os.loadavg().map((value) => Number(value.toFixed(2)));
  const server = await startServer(port, dataDir);
  let chrome: LaunchedChrome | null = null;
  try {
    const { chromium: chromiumVersion, pages: transfer } = await measureTransfer(origin);
    chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    const runs: Record<string, LighthouseRun[]> = Object.fromEntries(PAGES.map((page) => [page, []]));
    // Interleaved, so a burst of other work on the machine does not land on one page only.
    for (let round = 0; round < RUNS; round += 1) {
      for (const page of PAGES) {
        const run = await runLighthouse(chrome, `${origin}${page}`);
        runs[page]?.push(run);
        console.log(
          `run ${round + 1} ${page}: ${CATEGORIES.map((category) => `${category} ${run.scores[category]}`).join(', ')}`,
        );
      }
    }
    const pages = Object.fromEntries(
      PAGES.map((page) => {
        const lighthouseSummary = summariseRuns(runs[page] ?? []);
        const scriptBytes = transfer[page]?.bytesByType.script ?? 0;
        const maxScriptBytes = page === '/' ? AIM.maxFirstVisitScriptBytes['/'] : null;
        const meetsAim =
          (maxScriptBytes === null || scriptBytes <= maxScriptBytes) &&
          Object.entries(AIM.minScores).every(
            ([category, min]) => lighthouseSummary.scores[category as Category] >= min,
          );
        return [page, { transfer: transfer[page], lighthouse: lighthouseSummary, meetsAim }];
      }),
    );
    const result = {
      date: new Date().toISOString(),
      machine: {
        ...machineDescription(),
        chromium: chromiumVersion,
      },
      settings: {
        lighthouse: 'mobile, default simulated throttling (150 ms RTT, 1.6 Mbit/s, 4x CPU slowdown)',
        runsPerPage: RUNS,
        transfer: 'encoded body bytes of a first visit, accept-encoding: br, gzip, until network idle',
      },
      aim: AIM,
      loadAverage: { start: loadAtStart, end: os.loadavg().map((value) => Number(value.toFixed(2))) },
      pages,
    };
    await fs.mkdir(path.dirname(resultsFile), { recursive: true });
    await fs.writeFile(resultsFile, `${JSON.stringify(result, null, 2)}\n`);

    console.log('');
    console.log(
      'page     JS        CSS      HTML    fonts    total     perf (min-max)  a11y  b-p  SEO  FCP     LCP     TBT',
    );
    for (const page of PAGES) {
      const entry = pages[page];
      if (!entry?.transfer) continue;
      const bytes = entry.transfer.bytesByType;
      const { scores, performanceSpread, metrics } = entry.lighthouse;
      console.log(
        [
          page.padEnd(8),
          kb(bytes.script ?? 0).padEnd(9),
          kb(bytes.stylesheet ?? 0).padEnd(8),
          kb(bytes.document ?? 0).padEnd(7),
          kb(bytes.font ?? 0).padEnd(8),
          kb(entry.transfer.totalBytes).padEnd(9),
          `${scores.performance} (${performanceSpread.min}-${performanceSpread.max})`.padEnd(15),
          String(scores.accessibility).padEnd(5),
          String(scores['best-practices']).padEnd(4),
          String(scores.seo).padEnd(4),
          `${metrics.firstContentfulPaintMs} ms`.padEnd(7),
          `${metrics.largestContentfulPaintMs} ms`.padEnd(7),
          `${metrics.totalBlockingTimeMs} ms`,
        ].join(' '),
      );
    }
    for (const page of PAGES) {
      const failing = pages[page]?.lighthouse.failingAudits ?? [];
      if (failing.length) console.log(`${page} audits below 0.9: ${failing.join('; ')}`);
    }
    console.log(
      `aim (JS on / <= ${kb(AIM.maxFirstVisitScriptBytes['/'])}; performance >= ${AIM.minScores.performance}, ` +
        `accessibility and SEO ${AIM.minScores.seo}): ${PAGES.map((page) => `${page} ${pages[page]?.meetsAim ? 'met' : 'missed'}`).join(', ')}`,
    );
    console.log(`load average ${loadAtStart[0]} -> ${result.loadAverage.end[0]}`);
    console.log(`written ${path.relative(process.cwd(), resultsFile)}`);
  } finally {
    chrome?.kill();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
