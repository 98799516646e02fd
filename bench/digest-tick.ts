// `npm run bench:digests`, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): 100,000
// digest subscribers, and what the background job's scheduling costs on a tick when nothing is
// due (goal ≤ 50 ms), beside the first tick after the migration, which reads every subscriber
// as every tick did before `digest_due_at` (the admin command's `--as-of` run still does).
// Creates and drops a database of its own; writes its section of bench/results/latest.md.
// Then 10,000 digests due at once, sent by the built server while a probe measures other requests
// (digest-send.ts).
import pg from 'pg';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { scheduleDueDigests } from '../apps/server/src/features/digests/digest-job';
import { createServiceContext } from '../apps/server/src/service-context';
import { withBenchServer } from './bench-server';
import { runDigestSendBench } from './digest-send';
import { writeSection } from './results-file';
import { summarize, timed } from './timing';

const HEADING = '## Report digests: the scheduler with nothing due';
const SEND_HEADING = '## Report digests: 10,000 due at once';
const SUBSCRIBERS = Number(process.env.BENCH_DIGEST_SUBSCRIBERS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Subscribers in a dozen zones, weekly, daily and monthly, opted in a month ago.
    await client.query(
      `with people as (
         insert into users (email, first_name, last_name, verified, digest_frequency, timezone)
         select 'subscriber-' || n || '@example.test', 'Sub', 'Scriber', true,
           (array['weekly','daily','monthly'])[1 + n % 3],
           (array['Europe/Madrid','America/New_York','Asia/Tokyo','UTC','Europe/London',
                  'America/Los_Angeles','Australia/Sydney','America/Sao_Paulo','Asia/Kolkata',
                  'Africa/Lagos','Europe/Berlin','America/Mexico_City'])[1 + n % 12]
         from generate_series(1, $1::int) as n returning id)
       insert into notification_settings (user_id, name, active, updated_at)
       select id, 'report_digest', true, now() - interval '30 days' from people`,
      [SUBSCRIBERS],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function main() {
  if (!adminUrl)
    throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
  await withBenchServer(
    adminUrl,
    'digests',
    { JOB_INTERVAL_SECONDS: '3600' },
    async (_server, url) => {
      await seed(url);
      const database = openPostgres(url);
      try {
        const now = new Date();
        const ctx = createServiceContext(database, loadConfig({ DATABASE_URL: url }), {
          log: Fastify({ logger: false }).log,
          now: () => now,
        });
        // The first tick looks at everyone once (as after the migration) and sets their times.
        const first = performance.now();
        await scheduleDueDigests(ctx, now);
        const firstMs = Math.round(performance.now() - first);
        const idle = summarize(
          await timed(30, () => scheduleDueDigests(ctx, now).then(() => undefined)),
        );
        const section = [
          HEADING,
          '',
          `Measured ${new Date().toISOString()} with \`npm run bench:digests\` on PostgreSQL: ${SUBSCRIBERS.toLocaleString('en-US')} subscribers (three frequencies, twelve zones), the scheduling step of the background job called in the bench's process. Goal: a tick with nothing due ≤ 50 ms.`,
          '',
          '| tick | p50 | p95 | runs |',
          '|---|---|---|---|',
          `| every subscriber read, as each tick did before \`digest_due_at\` (here the first tick after the migration, which also writes their next times) | ${firstMs} ms | | 1 |`,
          `| nothing due: only the rows due read, through the partial index | ${idle.p50} ms | ${idle.p95} ms | ${idle.samples} |`,
          '',
        ].join('\n');
        if (SUBSCRIBERS === 100_000) writeSection(section);
        process.stdout.write(`\n${section}`);
      } finally {
        await database.close();
      }
    },
  );
}

/** 10,000 due at once, sent by the running server's own job (digest-send.ts). */
async function sending(url: string) {
  const run = await runDigestSendBench(url);
  const perSecond = Math.round(run.sent / (run.sendMs / 1000));
  const section = [
    SEND_HEADING,
    '',
    `Measured ${new Date().toISOString()} with \`npm run bench:digests\` on PostgreSQL: ${run.due.toLocaleString('en-US')} members of 100 accounts (two weeks of rows each) take the daily digest and all fall due at once; the built server's own background job (every second, at most 15 s of sending per tick, one digest at a time) sends them while another user's \`GET /api/user\` is called one at a time every 50 ms, against the same probe on the idle server for 10 s first. Goal: they all go out without holding other requests back.`,
    '',
    '| digests due | all finished in | sent | per second | /api/user p50 / p99 / max idle | while sending | p99 ratio |',
    '|---|---|---|---|---|---|---|',
    `| ${run.due.toLocaleString('en-US')} | ${(run.sendMs / 1000).toFixed(1)} s | ${run.sent.toLocaleString('en-US')} | ${perSecond} | ${run.idle.p50} / ${run.idle.p99} / ${run.idle.max} ms (${run.idle.count}) | ${run.during.p50} / ${run.during.p99} / ${run.during.max} ms (${run.during.count}) | ${(run.during.p99 / run.idle.p99).toFixed(1)}× |`,
    '',
  ].join('\n');
  if (run.due === 10_000) writeSection(section);
  process.stdout.write(`\n${section}`);
}

await main();
if (adminUrl) await sending(adminUrl);
