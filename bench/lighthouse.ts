// `npm run bench:lighthouse`: Lighthouse (performance only, default mobile preset with simulated
// throttling) on /signin, cold, and on /dashboard/core signed in as the demo owner, 5 runs each,
// against the built app on the embedded database. Rewrites only its own section of
// bench/results/latest.md and leaves the others as the last full `npm run bench` wrote them.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startAppServer, statusOf, type AppServer } from '../e2e/fixtures/app-server';
import { writeSelfSignedCertificate } from '../apps/server/test/self-signed-certificate';
import { findFreePort } from '../e2e/fixtures/free-port';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-password';
import { writeSection } from './results-file';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';

const HEADING = '## Lighthouse (mobile preset)';
// Lighthouse's own guidance on variability: the median of five runs. Three let one slow run on
// a shared host move a page's figure by five points.
const RUNS = 5;
/** Tries per run when Lighthouse reports a runtime error (a broken trace, a page that hung). */
const ATTEMPTS = 3;
/**
 * Budgets per page (issue 39), judged over HTTPS on the medians: the prerendered sign-in page
 * paints its form from the HTML; the dashboard is the signed-in app at its heaviest.
 */
interface Budget {
  score: number;
  lcpMs: number;
  tbtMs?: number;
  cls?: number;
}
const BUDGETS: Record<string, Budget> = {
  '/signin': { score: 95, lcpMs: 1800, tbtMs: 200 },
  '/dashboard/core': { score: 90, lcpMs: 2500, cls: 0.05 },
};

/** The budget lines a page's medians miss (empty when it meets its budget). */
function missedBudget(path: string, m: Metrics): string[] {
  const budget = BUDGETS[path];
  if (!budget) return [];
  return [
    m.score < budget.score ? `performance ${m.score} < ${budget.score}` : null,
    m.lcp > budget.lcpMs ? `LCP ${seconds(m.lcp)} > ${budget.lcpMs / 1000} s` : null,
    budget.tbtMs !== undefined && m.tbt > budget.tbtMs
      ? `TBT ${Math.round(m.tbt)} ms > ${budget.tbtMs} ms`
      : null,
    budget.cls !== undefined && m.cls > budget.cls
      ? `CLS ${m.cls.toFixed(3)} > ${budget.cls}`
      : null,
  ].filter((line): line is string => line !== null);
}

const describeBudget = (path: string, b: Budget) =>
  `${path}: performance ≥ ${b.score}, LCP ≤ ${b.lcpMs / 1000} s${b.tbtMs !== undefined ? `, TBT ≤ ${b.tbtMs} ms` : ''}${b.cls !== undefined ? `, CLS ≤ ${b.cls}` : ''}`;
const DEMO_OWNER = { email: 'owner@demo.test', password: DEMO_PASSWORD };
// The HTTPS run's certificate is our own (self-signed), so the browser is told not to check it.
const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_ARGS];

interface Transport {
  name: string;
  tls: boolean;
  /** Whether the goals are judged on this run. */
  judged: boolean;
}

/**
 * As deployed (docs/decisions/0007-http2.md), the app is reached over HTTPS, where browsers speak HTTP/2: a
 * first load's ~60 module files share one connection. Plain HTTP/1.1, as `npm start` serves
 * localhost, queues them six at a time; it is measured too, to show what the protocol is worth.
 */
const TRANSPORTS: Transport[] = [
  { name: 'HTTPS, HTTP/2', tls: true, judged: true },
  { name: 'plain HTTP/1.1', tls: false, judged: false },
];

const root = new URL('..', import.meta.url).pathname;

/**
 * `npm run bench:lighthouse -- --dashboard` (or `-- --signin`): only that page over HTTPS,
 * printed and not written, for quick turns while working on it.
 */
const DASHBOARD_ONLY = process.argv.includes('--dashboard');
const SIGNIN_ONLY = process.argv.includes('--signin');
const QUICK = DASHBOARD_ONLY || SIGNIN_ONLY;

interface Metrics {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
}

interface PageResult {
  path: string;
  label: string;
  transport: Transport;
  runs: Metrics[];
  median: Metrics;
  lhrs: Result[];
  /** The run whose score is the median one, for its opportunities and diagnostics. */
  medianRun: Result;
  /** The same page with the CPU slowdown calibrated to this host (judged transport only). */
  calibrated: { multiplier: number; runs: Metrics[]; median: Metrics } | null;
}

function metricsOf(lhr: Result): Metrics {
  const value = (id: string) => {
    const numeric = lhr.audits[id]?.numericValue;
    if (numeric === undefined)
      throw new Error(`Lighthouse report for ${lhr.finalDisplayedUrl} has no ${id}`);
    return numeric;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianMetrics(runs: Metrics[]): Metrics {
  const of = (key: keyof Metrics) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    lcp: of('lcp'),
    fcp: of('fcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    si: of('si'),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The CPU slowdown that makes this host emulate the device Lighthouse's mobile preset means (a
 * mid-tier phone). The preset's fixed 4× assumes a host whose benchmark index is about 1,500;
 * the hosts here have read anywhere from 1,150 to 2,050 on different days, which alone moved the
 * dashboard's score by ten points. Lighthouse's own throttling guide ("Calibrating the CPU
 * slowdown") says to calibrate, and this is the curve of its calculator: 2× at 800, 3× at 1,300,
 * 4× at 1,533, 6× at 2,000. On a fast host it is stricter than 4×, not only kinder.
 */
function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}

const origin = (lhr: Result) => new URL(lhr.finalDisplayedUrl).origin;

/** What to read first when a page misses: savings, the LCP element, and where main-thread time goes. */
function findings(lhr: Result): string[] {
  const lines: string[] = [];
  const short = (url: string) => url.replace(origin(lhr), '').slice(0, 80);
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 1)
    .map((audit) => ({
      audit,
      ms: Math.max(audit.metricSavings?.LCP ?? 0, audit.metricSavings?.FCP ?? 0),
      bytes: audit.details?.type === 'opportunity' ? (audit.details.overallSavingsBytes ?? 0) : 0,
    }))
    .filter(({ ms, bytes }) => ms > 0 || bytes > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes);
  for (const { audit, ms, bytes } of opportunities.slice(0, 5)) {
    lines.push(
      `  opportunity: ${audit.title} (est. ${Math.round(ms)} ms on LCP/FCP, ${Math.round(bytes / 1024)} KiB)`,
    );
  }
  const lcp = lhr.audits['largest-contentful-paint-element']?.details;
  if (lcp?.type === 'list') {
    for (const item of lcp.items) {
      if (item.type !== 'table') continue;
      for (const row of item.items) {
        const node = row.node;
        if (node && typeof node === 'object' && 'type' in node && node.type === 'node') {
          lines.push(`  LCP element: "${node.nodeLabel ?? ''}" (${node.selector ?? ''})`);
        } else if (typeof row.phase === 'string') {
          lines.push(`    ${row.phase}: ${Math.round(Number(row.timing ?? 0))} ms`);
        }
      }
    }
  }
  for (const id of ['mainthread-work-breakdown', 'bootup-time', 'total-byte-weight']) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) lines.push(`  ${audit.title}: ${audit.displayValue}`);
  }
  const bootup = lhr.audits['bootup-time']?.details;
  if (bootup?.type === 'table') {
    for (const row of bootup.items.slice(0, 4)) {
      lines.push(
        `    ${short(String(row.url))}: ${Math.round(Number(row.total))} ms (script ${Math.round(Number(row.scripting))} ms)`,
      );
    }
  }
  const unused = lhr.audits['unused-javascript']?.details;
  if (unused?.type === 'opportunity') {
    for (const row of unused.items.slice(0, 4)) {
      lines.push(
        `    unused JS in ${short(String(row.url))}: ${Math.round(Number(row.wastedBytes) / 1024)} of ${Math.round(Number(row.totalBytes) / 1024)} KiB`,
      );
    }
  }
  return lines;
}

async function runLighthouse(
  url: string,
  port: number,
  signedIn: boolean,
  browser: Browser,
  cpuSlowdownMultiplier?: number,
  attempt = 1,
): Promise<Result> {
  if (signedIn) {
    // Keeping storage (the session) also keeps the HTTP cache; empty it so each run is a cold load.
    const page = await browser.newPage();
    try {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
    } finally {
      await page.close();
    }
  }
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: signedIn,
    // Merged into the mobile preset's throttling: only the CPU slowdown changes.
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // e.g. NO_NAVSTART, a trace that came back incomplete: Lighthouse's advice is to run again.
    if (attempt < ATTEMPTS) {
      console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}; running it again`);
      return runLighthouse(url, port, signedIn, browser, cpuSlowdownMultiplier, attempt + 1);
    }
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  }
  return lhr;
}

/** Signs the demo owner in through the app's own form, so the browser holds the app's session. */
async function signIn(browser: Browser, baseUrl: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/signin?redirect=/dashboard/core`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('input[name="email"]');
    await page.type('input[name="email"]', DEMO_OWNER.email);
    await page.type('input[name="password"]', DEMO_OWNER.password);
    await page.click('button[type="submit"]');
    await page.waitForFunction("location.pathname === '/dashboard/core'", { timeout: 30_000 });
    const stored = await page.evaluate("localStorage.getItem('partner-portal.session') !== null");
    if (stored !== true) throw new Error('Signed in, but the app stored no session');
  } finally {
    await page.close();
  }
}

async function measure(
  server: AppServer,
  port: number,
  browser: Browser,
  path: string,
  transport: Transport,
  signedIn: boolean,
  reportDir: string,
): Promise<PageResult> {
  const label = `${path}${signedIn ? ' (demo owner)' : ' (cold)'}`;
  const lhrs: Result[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const lhr = await runLighthouse(`${server.url}${path}`, port, signedIn, browser);
    const metrics = metricsOf(lhr);
    console.log(
      `${path} over ${transport.name}, run ${run}/${RUNS}: score ${metrics.score}, LCP ${seconds(metrics.lcp)}, FCP ${seconds(metrics.fcp)}, TBT ${Math.round(metrics.tbt)} ms, CLS ${metrics.cls.toFixed(3)}, SI ${seconds(metrics.si)}`,
    );
    writeFileSync(
      join(
        reportDir,
        `${path.replace(/\W+/g, '-').replace(/^-/, '')}-${transport.tls ? 'h2' : 'http1'}-${run}.json`,
      ),
      JSON.stringify(lhr),
    );
    lhrs.push(lhr);
  }
  const runs = lhrs.map(metricsOf);
  const medianScore = median(runs.map((run) => run.score));
  const medianRun =
    lhrs[runs.findIndex((run) => run.score === medianScore)] ?? lhrs[lhrs.length - 1]!;
  let calibrated: PageResult['calibrated'] = null;
  if (transport.judged) {
    const multiplier = calibratedCpuSlowdown(
      median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
    );
    const calibratedRuns: Metrics[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const lhr = await runLighthouse(`${server.url}${path}`, port, signedIn, browser, multiplier);
      const metrics = metricsOf(lhr);
      console.log(
        `${path} over ${transport.name}, CPU ${multiplier.toFixed(1)}× (calibrated), run ${run}/${RUNS}: score ${metrics.score}, LCP ${seconds(metrics.lcp)}, TBT ${Math.round(metrics.tbt)} ms`,
      );
      calibratedRuns.push(metrics);
    }
    calibrated = { multiplier, runs: calibratedRuns, median: medianMetrics(calibratedRuns) };
  }
  return { path, label, transport, runs, median: medianMetrics(runs), lhrs, medianRun, calibrated };
}

async function main(): Promise<void> {
  const missing = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].filter(
    (file) => !existsSync(join(root, file)),
  );
  if (missing.length) {
    console.error(`Missing ${missing.join(' and ')}: run \`npm run build\` first.`);
    process.exitCode = 1;
    return;
  }
  const reportDir = mkdtempSync(join(tmpdir(), 'pp-lighthouse-'));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('Clean-up failed:', error));
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    cleanups.push(async () => chrome.kill());
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    cleanups.push(() => browser.disconnect());

    const certificate = await writeSelfSignedCertificate();
    const pages: PageResult[] = [];
    for (const transport of QUICK ? TRANSPORTS.filter((t) => t.judged) : TRANSPORTS) {
      // startAppServer: `node apps/server/dist/server.js` in its own process group, fresh DATA_DIR
      // (embedded database, demo data seeded), removed again by stop().
      const server = await startAppServer(await findFreePort(), {
        LOG_LEVEL: 'warn',
        ...(transport.tls
          ? { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile }
          : {}),
      });
      try {
        const readyBy = Date.now() + 60_000;
        while ((await statusOf(`${server.url}/api/ready`).catch(() => 0)) !== 200) {
          if (Date.now() > readyBy) throw new Error('GET /api/ready did not answer 200 in 60 s');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // Cold first: Lighthouse's storage reset for /signin would also drop the session.
        if (!DASHBOARD_ONLY) {
          pages.push(
            await measure(server, chrome.port, browser, '/signin', transport, false, reportDir),
          );
        }
        if (SIGNIN_ONLY) continue;
        await signIn(browser, server.url);
        pages.push(
          await measure(
            server,
            chrome.port,
            browser,
            '/dashboard/core',
            transport,
            true,
            reportDir,
          ),
        );
      } finally {
        await server.stop();
      }
    }

    const { lighthouseVersion } = pages[0]!.medianRun;
    const chromium = (await browser.version()).replace(/^\D*\//, '');
    // Lighthouse's own CPU benchmark of this host (simulated throttling scales CPU time by it).
    const benchmarkIndex = Math.round(
      median(pages.flatMap((page) => page.lhrs.map((lhr) => lhr.environment.benchmarkIndex))),
    );
    const judged = pages.filter((page) => page.transport.judged);
    const verdicts = judged.map((page) => {
      const missed = missedBudget(page.path, page.median);
      return `${page.path} ${missed.length === 0 ? 'met' : `**missed** (${missed.join('; ')})`}`;
    });
    const budgets = Object.entries(BUDGETS)
      .map(([path, budget]) => describeBudget(path, budget))
      .join('; ');
    const section = [
      HEADING,
      '',
      `Measured ${new Date().toISOString()} with \`npm run bench:lighthouse\` (Lighthouse ${lighthouseVersion}, headless Chromium ${chromium}, performance category, default mobile form factor and simulated throttling, ${RUNS} runs per page, each column the median of its ${RUNS} runs; host CPU benchmark index ${benchmarkIndex}) on the built app with the embedded database, served over HTTPS (HTTP/2, a self-signed certificate, as a deployment serves it) and over plain HTTP/1.1. Budgets, over HTTPS (${budgets}): ${verdicts.join(', ')}.`,
      '',
      `| page | served over | performance (median of ${RUNS}) | LCP | FCP | TBT | CLS | SI |`,
      '|---|---|---|---|---|---|---|---|',
      ...pages.map(
        ({ label, transport, median: m, runs }) =>
          `| ${label} | ${transport.name} | ${m.score} (${runs.map((run) => run.score).join(', ')}) | ${seconds(m.lcp)} | ${seconds(m.fcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${seconds(m.si)} |`,
      ),
      '',
      // Not judged: the goal stays on the preset as it ships. This is the figure that compares
      // across hosts (and sessions) whose CPUs differ.
      `The same pages with the CPU slowdown calibrated to this host (Lighthouse's calculator curve, \`calibratedCpuSlowdown\` in \`bench/lighthouse.ts\`), so that runs on faster and slower hosts emulate the same phone:`,
      '',
      `| page | CPU slowdown | performance (median of ${RUNS}) | LCP | TBT |`,
      '|---|---|---|---|---|',
      ...pages.flatMap(({ label, calibrated }) =>
        calibrated
          ? [
              `| ${label} | ${calibrated.multiplier.toFixed(1)}× | ${calibrated.median.score} (${calibrated.runs.map((run) => run.score).join(', ')}) | ${seconds(calibrated.median.lcp)} | ${Math.round(calibrated.median.tbt)} ms |`,
            ]
          : [],
      ),
      '',
      // A miss carries its evidence: what the median run's trace says the time went to.
      ...judged.flatMap((page) =>
        missedBudget(page.path, page.median).length === 0
          ? []
          : [
              `Why ${page.label} misses over ${page.transport.name}, from the trace of its median run (what would close it: \`docs/performance.md\`):`,
              '',
              '```text',
              ...findings(page.medianRun),
              '```',
              '',
            ],
      ),
    ].join('\n');
    if (!QUICK) writeSection(section);
    process.stdout.write(`\n${section}`);
    for (const page of pages) {
      console.log(`\n${page.label} over ${page.transport.name}, median run:`);
      console.log(findings(page.medianRun).join('\n'));
    }
    console.log(`\nFull Lighthouse reports (JSON): ${reportDir}`);
    if (!QUICK) console.log('Wrote bench/results/latest.md');
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

await main();
