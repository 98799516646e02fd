// Issue 18 targets: the insights engine on 1,000 daily series of 365 days (p50 ≤ 100 ms), and
// GET /api/insights on an account of 1,000,000 report rows, cold (p50 ≤ 500 ms) and from the
// cache (p50 ≤ 10 ms). The API part needs a PostgreSQL server (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL); it creates and drops a database of its own.
import pg from 'pg';
import { INSIGHT_METRICS } from '@partner-portal/shared/insight-rules';
import { REPORT_METRICS } from '@partner-portal/shared/report-data';
import { computeInsights } from '../apps/server/src/features/insights/compute-insights';
import type { InsightData, SegmentSeries } from '../apps/server/src/features/insights/insight-data';
import { seedBenchAccount } from './bench-seed';
import { benchSignIn, withBenchServer } from './bench-server';
import { summarize, timed } from './timing';

export interface InsightsBench {
  engine: { series: number; days: number; p50: number; p95: number; samples: number };
  api: {
    rows: number;
    cold: { p50: number; p95: number; samples: number };
    cached: { p50: number; p95: number; samples: number };
  } | null;
}

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const PASSWORD = 'Bench-password-1!';
const ENGINE_DAYS = 365;
/** 167 segments × 6 metrics ≈ 1,000 series. */
const ENGINE_SEGMENTS = Math.ceil(1_000 / INSIGHT_METRICS.length);

/** A seeded series with a weekly rhythm, a trend and noise: what the engine meets every day. */
function syntheticData(): InsightData {
  let state = 12_345;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const segments: SegmentSeries[] = Array.from({ length: ENGINE_SEGMENTS }, (_, index) => {
    const level = 50 + random() * 5_000;
    const values = {} as SegmentSeries['values'];
    for (const metric of REPORT_METRICS) {
      const scale = metric === 'impressions' ? 40 : metric === 'conversions' ? 0.05 : 1;
      values[metric] = Array.from({ length: ENGINE_DAYS }, (_, day) => {
        const weekly = day % 7 >= 5 ? 0.7 : 1;
        return Math.round(level * scale * weekly * (1 + day / 2_000) * (0.85 + random() * 0.3));
      });
    }
    return { segment: index === 0 ? {} : { country: `C${index}` }, values };
  });
  return { start: '2025-11-01', days: ENGINE_DAYS, segments, leaves: [], firstDataDay: 0 };
}

function runEngineBench(): InsightsBench['engine'] {
  const data = syntheticData();
  const options = {
    viewer: 'partner' as const,
    window: 7,
    metrics: INSIGHT_METRICS,
    paceMetric: 'revenue' as const,
  };
  for (let warm = 0; warm < 3; warm += 1) computeInsights(data, options);
  const samples: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const start = performance.now();
    computeInsights(data, options);
    samples.push(performance.now() - start);
  }
  return {
    series: ENGINE_SEGMENTS * INSIGHT_METRICS.length,
    days: ENGINE_DAYS,
    ...summarize(samples),
  };
}

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedBenchAccount(client, { plan: 'free_plus_ai', password: PASSWORD, rows: ROWS });
  } finally {
    await client.end();
  }
}

function runApiBench(adminUrl: string): Promise<NonNullable<InsightsBench['api']>> {
  return withBenchServer(adminUrl, 'insights', {}, async (server, databaseUrl) => {
    console.log(`Seeding ${ROWS.toLocaleString('en')} report rows for the insights bench…`);
    await seed(databaseUrl);
    const { token, headers } = await benchSignIn(server, 'bench@example.test', PASSWORD);
    const get = async () => {
      const response = await fetch(`${server.url}/api/insights?workbook_id=local-core-overview`, {
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`insights: HTTP ${response.status}`);
      await response.arrayBuffer();
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // Cold: the cached run is gone before each call, as after an import.
      const cold = await timed(12, async () => {
        await client.query('delete from insight_runs');
        await get();
      });
      const coldSamples = cold.slice(2);
      await get();
      const cached = await timed(100, get);
      return {
        rows: ROWS,
        cold: summarize(coldSamples),
        cached: summarize(cached),
      };
    } finally {
      await client.end();
    }
  });
}

export async function runInsightsBench(postgresUrl: string | undefined): Promise<InsightsBench> {
  const engine = runEngineBench();
  console.log(
    `Insights engine: ${engine.series} series × ${engine.days} days, p50 ${engine.p50} ms`,
  );
  const api = postgresUrl ? await runApiBench(postgresUrl) : null;
  if (api) {
    console.log(
      `GET /api/insights (${api.rows} rows): cold p50 ${api.cold.p50} ms, cached p50 ${api.cached.p50} ms`,
    );
  }
  return { engine, api };
}

export function insightsSection(bench: InsightsBench): string[] {
  const verdict = (value: number, target: number) => (value <= target ? 'met' : '**missed**');
  const rows = [
    `| engine: ${bench.engine.series.toLocaleString('en')} series × ${bench.engine.days} days | ${bench.engine.samples} | ${bench.engine.p50} | ${bench.engine.p95} | ≤ 100 ms | ${verdict(bench.engine.p50, 100)} |`,
  ];
  if (bench.api) {
    rows.push(
      `| GET /api/insights, cold (${bench.api.rows.toLocaleString('en')} rows, PostgreSQL) | ${bench.api.cold.samples} | ${bench.api.cold.p50} | ${bench.api.cold.p95} | ≤ 500 ms | ${verdict(bench.api.cold.p50, 500)} |`,
      `| GET /api/insights, cached | ${bench.api.cached.samples} | ${bench.api.cached.p50} | ${bench.api.cached.p95} | ≤ 10 ms | ${verdict(bench.api.cached.p50, 10)} |`,
    );
  }
  return [
    '## Insights',
    '',
    "The engine runs every test (anomaly, shift, mover, driver, month pace) on every series of a synthetic scope; the API calls are the panel's GET for an account of 25 advertisers × 8 campaigns, cold (its cached run deleted before each call) and cached.",
    '',
    '| measure | samples | p50 ms | p95 ms | target p50 | |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...(bench.api
      ? []
      : ['', 'The API part was not run: no PostgreSQL server (set BENCH_DATABASE_URL).']),
    '',
  ];
}
