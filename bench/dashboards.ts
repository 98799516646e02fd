// Issue 5 targets, on PostgreSQL with 1,000,000 report rows in one account: the overview data of
// a 90-day range (p50 ≤ 150 ms) and the embed URL call (p50 ≤ 10 ms). Needs a PostgreSQL server
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL); it creates and drops a database of its own.
import pg from 'pg';
import { seedBenchAccount } from './bench-seed';
import { benchSignIn, withBenchServer } from './bench-server';
import { lastDays, openEmbedSession, overviewLoader } from './embed-overview';
import { percentile, timed } from './timing';

export interface DashboardBench {
  rows: number;
  overview: { p50: number; p95: number; samples: number };
  embedUrl: { p50: number; p95: number; samples: number };
  /** GET /api/account/users for an account of TEAM_SIZE members and as many open invites. */
  teamList: { members: number; invites: number; p50: number; p95: number; samples: number };
}

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const PASSWORD = 'Bench-password-1!';
const TEAM_SIZE = Number(process.env.BENCH_TEAM_SIZE ?? 1_000);

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const accountId = await seedBenchAccount(client, {
      plan: 'free_plus',
      password: PASSWORD,
      rows: ROWS,
    });
    // A large team for the users screen: members (each its own user) and open invites.
    await client.query(
      `with people as (
         insert into users (email, first_name, last_name, verified)
         select 'member' || n || '@example.test', 'Member', 'No ' || n, n % 2 = 0
         from generate_series(1, $2::int) as n returning id)
       insert into account_users (account_id, user_id, permission)
       select $1, id, 'user' from people`,
      [accountId, TEAM_SIZE],
    );
    await client.query(
      `insert into invites (account_id, email, permission, token_hash, expires_at)
       select $1, 'invitee' || n || '@example.test', 'user', md5(n::text), now() + interval '7 days'
       from generate_series(1, $2::int) as n`,
      [accountId, TEAM_SIZE],
    );
  } finally {
    await client.end();
  }
}

export function runDashboardBench(adminUrl: string): Promise<DashboardBench> {
  return withBenchServer(adminUrl, 'dashboards', {}, async (server, databaseUrl) => {
    console.log(`Seeding ${ROWS.toLocaleString('en')} report rows…`);
    await seed(databaseUrl);

    const signedIn = await benchSignIn(server, 'bench@example.test', PASSWORD);
    const { token, headers } = signedIn;
    const authed = { ...headers, authorization: `Bearer ${token}` };
    const embedSamples = await timed(200, async () => {
      const response = await fetch(`${server.url}/api/sigma/workbook/embed`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify({ workbook_id: 'local-core-overview' }),
      });
      if (!response.ok) throw new Error(`embed URL: HTTP ${response.status}`);
      await response.arrayBuffer();
    });
    const session = await openEmbedSession(server, signedIn, 'local-core-overview');
    const overview = overviewLoader(server, session, lastDays(90));
    await timed(5, overview);
    const overviewSamples = await timed(40, overview);

    let team = { users: 0, invites: 0 };
    const teamSamples = await timed(50, async () => {
      const response = await fetch(`${server.url}/api/account/users`, { headers: authed });
      if (!response.ok) throw new Error(`team list: HTTP ${response.status}`);
      const { data } = (await response.json()) as {
        data: { users: unknown[]; invites: unknown[] };
      };
      team = { users: data.users.length, invites: data.invites.length };
    });
    return {
      rows: ROWS,
      overview: {
        p50: percentile(overviewSamples, 50),
        p95: percentile(overviewSamples, 95),
        samples: 40,
      },
      embedUrl: {
        p50: percentile(embedSamples, 50),
        p95: percentile(embedSamples, 95),
        samples: 200,
      },
      teamList: {
        members: team.users,
        invites: team.invites,
        p50: percentile(teamSamples, 50),
        p95: percentile(teamSamples, 95),
        samples: 50,
      },
    };
  });
}
