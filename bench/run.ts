// `npm run bench`: throughput of the hot unauthenticated paths and the JS weight of /signin.
// Starts the built app (PGlite in a temporary data dir) exactly as `npm start` serves it, runs
// autocannon against it from this process, and writes bench/results/latest.md.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startAppServer } from '../e2e/fixtures/app-server';
import { findFreePort } from '../e2e/fixtures/free-port';
import { runBillingBench, type BillingBench } from './billing';
import { runConsoleBench, type ConsoleBench } from './console';
import { runDashboardBench, type DashboardBench } from './dashboards';
import { runHotPathBench } from './hot-path';
import { insightsSection, runInsightsBench } from './insights';
import { apiKeySection, hotPathSection } from './hot-path-report';
import { measureRouteJs, SIGNIN_MODULES, signinJsSection } from './route-js-size';
import { writePage } from './results-file';
import { runSignInFloodBench } from './signin-flood';

const root = new URL('..', import.meta.url).pathname;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Scenario {
  name: string;
  path: string;
}

const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET / (SPA index)', path: '/' },
];

async function main(): Promise<void> {
  const port = await findFreePort();
  const server = await startAppServer(port, { LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
  const rows: string[] = [];
  try {
    for (const scenario of scenarios) {
      const result = await autocannon({
        url: `${server.url}${scenario.path}`,
        connections,
        duration: durationSeconds,
      });
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push(
        `| ${scenario.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`,
      );
      console.log(
        `${scenario.name}: ${Math.round(result.requests.average)} req/s, ${errors} errors`,
      );
    }
  } finally {
    await server.stop();
  }

  const postgresForHotPath = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const hotPath = await runHotPathBench(postgresForHotPath, durationSeconds, connections);
  console.log(
    `GET /api/user: ${hotPath.app.pglite.rps} req/s on PGlite, ${hotPath.app.postgres?.rps ?? '—'} on PostgreSQL; Express peer ${hotPath.peer?.rps ?? '—'}; Fastify hello ${hotPath.hello.rps}`,
  );
  console.log(
    `GET /api/account/users: ${hotPath.keys.session.rps} req/s with a session, ${hotPath.keys.key.rps} with an API key`,
  );

  const flood = await runSignInFloodBench(durationSeconds);
  console.log(
    `GET /api/user p99: idle ${flood.idle.p99} ms, during a sign-in flood ${flood.flood.p99} ms (${flood.ratio}×, target ≤ ${flood.target}×)`,
  );

  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let dashboards: DashboardBench | null = null;
  if (postgresUrl) dashboards = await runDashboardBench(postgresUrl);
  else console.log('Dashboard bench skipped: set BENCH_DATABASE_URL to a PostgreSQL server.');
  if (dashboards) {
    console.log(
      `Overview (90 days, ${dashboards.rows} rows): p50 ${dashboards.overview.p50} ms; embed URL: p50 ${dashboards.embedUrl.p50} ms; users list (${dashboards.teamList.members} + ${dashboards.teamList.invites}): p50 ${dashboards.teamList.p50} ms`,
    );
  }
  let billing: BillingBench | null = null;
  if (postgresUrl) {
    billing = await runBillingBench(postgresUrl);
    console.log(
      `Upgrade round trip: p50 ${billing.upgrade.p50} ms; billing screen with ${billing.invoices} invoices: overview p50 ${billing.overview.p50} ms, invoices page p50 ${billing.invoicesFirstPage.p50} ms`,
    );
  }
  const billingSection = billing
    ? [
        '## Billing (PostgreSQL, built-in card processor)',
        '',
        `The upgrade round trip is what the upgrade screen sends for a 4242 card: the processor's token call, then POST /api/account/upgrade (a customer, a subscription, a numbered invoice, a payment). The billing screen's calls are for an account with ${billing.invoices.toLocaleString('en')} invoices; the invoice list pages 12 at a time.`,
        '',
        '| measure | samples | p50 ms | p95 ms |',
        '|---|---|---|---|',
        `| upgrade round trip (token + upgrade) | ${billing.upgrade.samples} | ${billing.upgrade.p50} | ${billing.upgrade.p95} |`,
        `| GET /api/account/billing | ${billing.overview.samples} | ${billing.overview.p50} | ${billing.overview.p95} |`,
        `| GET /api/account/billing/invoices (first page) | ${billing.invoicesFirstPage.samples} | ${billing.invoicesFirstPage.p50} | ${billing.invoicesFirstPage.p95} |`,
        `| every page of ${billing.invoices.toLocaleString('en')} invoices | ${billing.invoicesAllPages.pages} | ${billing.invoicesAllPages.p50} | ${billing.invoicesAllPages.p95} |`,
        '',
      ]
    : ['## Billing', '', 'Not run: no PostgreSQL server (set BENCH_DATABASE_URL).', ''];
  const verdict = (value: number, target: number) => (value <= target ? 'met' : '**missed**');
  let consoleBench: ConsoleBench | null = null;
  if (postgresUrl) {
    consoleBench = await runConsoleBench(postgresUrl);
    console.log(
      `Console overview (${consoleBench.accounts} accounts, ${consoleBench.events} events): p50 ${consoleBench.overview.p50} ms`,
    );
  }
  const consoleSection = consoleBench
    ? [
        '## Operator console (PostgreSQL)',
        '',
        `${consoleBench.accounts.toLocaleString('en')} accounts (each with its owner, a session in the last 60 days, three in ten paying) and ${consoleBench.events.toLocaleString('en')} product events over 90 days.`,
        '',
        '| measure | samples | p50 ms | p95 ms | target p50 | |',
        '|---|---|---|---|---|---|',
        `| GET /api/master/overview?days=30 | ${consoleBench.overview.samples} | ${consoleBench.overview.p50} | ${consoleBench.overview.p95} | ≤ 200 ms | ${verdict(consoleBench.overview.p50, 200)} |`,
        `| GET /api/master/accounts?q=owner- (page of 25) | ${consoleBench.accountSearch.samples} | ${consoleBench.accountSearch.p50} | ${consoleBench.accountSearch.p95} | | |`,
        `| GET /api/master/events (30 days, counts + page) | ${consoleBench.events30Days.samples} | ${consoleBench.events30Days.p50} | ${consoleBench.events30Days.p95} | | |`,
        `| the same, first load (counts the closed days once) | 1 | ${consoleBench.eventsFirstLoadMs} | | | |`,
        '',
      ]
    : ['## Operator console', '', 'Not run: no PostgreSQL server (set BENCH_DATABASE_URL).', ''];
  const insights = await runInsightsBench(postgresUrl);
  const dashboardSection = dashboards
    ? [
        '## Dashboards (PostgreSQL)',
        '',
        `${dashboards.rows.toLocaleString('en')} report rows in one account. Overview = KPIs, trend, top advertisers and the campaigns page for the last 90 days, requested together as the workbook page does.`,
        '',
        '| measure | samples | p50 ms | p95 ms | target p50 | |',
        '|---|---|---|---|---|---|',
        `| overview data, 90 days | ${dashboards.overview.samples} | ${dashboards.overview.p50} | ${dashboards.overview.p95} | ≤ 150 ms | ${verdict(dashboards.overview.p50, 150)} |`,
        `| POST /api/sigma/workbook/embed | ${dashboards.embedUrl.samples} | ${dashboards.embedUrl.p50} | ${dashboards.embedUrl.p95} | ≤ 10 ms | ${verdict(dashboards.embedUrl.p50, 10)} |`,
        '',
        '## Users screen (PostgreSQL)',
        '',
        `GET /api/account/users for one account with ${dashboards.teamList.members.toLocaleString('en')} members and ${dashboards.teamList.invites.toLocaleString('en')} open invites (the whole list, as the table loads it).`,
        '',
        '| measure | samples | p50 ms | p95 ms |',
        '|---|---|---|---|',
        `| GET /api/account/users | ${dashboards.teamList.samples} | ${dashboards.teamList.p50} | ${dashboards.teamList.p95} |`,
        '',
      ]
    : ['## Dashboards', '', 'Not run: no PostgreSQL server (set BENCH_DATABASE_URL).', ''];

  const js = measureRouteJs(join(root, 'apps/web/dist'), SIGNIN_MODULES);
  const report = [
    '# Benchmarks',
    '',
    `Run ${new Date().toISOString()} on Node ${process.version}, ${connections} connections, ${durationSeconds} s per scenario, app with the embedded database (PGlite).`,
    '',
    '| scenario | requests/s (mean) | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...hotPathSection(hotPath),
    ...apiKeySection(hotPath),
    '## GET /api/user during a sign-in flood',
    '',
    `The demo owner's GET /api/user at a steady 200 calls/s, idle and then while ${flood.signins.sent.toLocaleString('en')} wrong-password sign-ins arrive at 60/s from random addresses (answers: ${Object.entries(
      flood.signins.byStatus,
    )
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')}).`,
    '',
    '| measure | p50 ms | p99 ms | calls/s | errors |',
    '|---|---|---|---|---|',
    `| idle | ${flood.idle.p50} | ${flood.idle.p99} | ${flood.idle.rps} | 0 |`,
    `| during the flood | ${flood.flood.p50} | ${flood.flood.p99} | ${flood.flood.rps} | ${flood.flood.errors} |`,
    '',
    `p99 during the flood is ${flood.ratio}× idle (target ≤ ${flood.target}×: ${flood.ratio <= flood.target ? 'met' : '**missed**'}).`,
    '',
    ...signinJsSection(js),
    ...dashboardSection,
    ...billingSection,
    ...consoleSection,
    ...insightsSection(insights),
  ].join('\n');
  writePage(report);
  console.log(`/signin JS: ${js.totalGzipBytes} bytes gzipped`);
  console.log('Wrote bench/results/latest.md');
}

await main();
