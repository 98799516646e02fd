// `npm run bench:abuse`: the built server (as `npm start` serves it, embedded database with the
// demo data) taken over real HTTP from this process.
//   Part A: 100,000 bad requests (ABUSE_REQUESTS) spread over every API route, half as the demo
//   owner and half anonymous, from fast-check arbitraries (seed printed; FC_SEED replays the same
//   requests): malformed JSON, wrong types, ~1 MB strings, nesting 1,000+ deep, lone surrogates
//   and NUL, 1e400 / -0 / "NaN", unknown fields, empty JSON bodies, wrong content types, invalid
//   UTF-8, and a few 10 MB bodies. Goal: no 5xx, and the server's RSS back near its baseline.
//   Part B: 50 connections for 30 s (ABUSE_MIXED_SECONDS) of what people do: sign in, load their
//   profile, dashboards (embed URL → embed session → KPIs), the users screen, the billing screen.
// Rewrites its section of bench/results/latest.md (the others stay as they are) and prints it.
import http from 'node:http';
import { DEMO, MIXED_CONNECTIONS, MIXED_SECONDS, REQUESTS, n, seed } from './abuse/abuse-config';
import { embedSession, signIn } from './abuse/abuse-http';
import { type Memory, report } from './abuse/abuse-report';
import { rssMb, rssSampler, sleep, startServer, stopServer } from './abuse/abuse-server';
import { listApiRoutes } from './abuse/api-routes';
import { type Identity } from './abuse/bad-requests';
import { fuzz, warmUp } from './abuse/fuzz';
import { type MixedResult, mixedLoad } from './abuse/mixed-load';
import { writeSection } from './results-file';

async function main(): Promise<void> {
  console.log(
    `fast-check seed ${seed} (replay with FC_SEED=${seed}); ${n(REQUESTS)} bad requests, then ${MIXED_SECONDS} s of mixed load`,
  );
  const routes = await listApiRoutes();
  console.log(`${routes.length} API routes in the route table`);

  const server = await startServer();
  try {
    console.log(`server pid ${server.pid} on ${server.url}`);
    const setup = new http.Agent({ keepAlive: true });
    const ownerToken = await signIn(setup, server.port, DEMO.owner);
    const adminToken = await signIn(setup, server.port, DEMO.admin);
    const owner: Identity = {
      token: ownerToken,
      embedSession: await embedSession(setup, server.port, ownerToken),
    };
    setup.destroy();

    await warmUp(server, owner);
    // Idle as long as before the reading after the run, so both catch the heap equally settled.
    await sleep(10_000);
    const baseline = rssMb(server.pid);
    const bound = Math.round(Math.max(baseline * 1.25, baseline + 40) * 10) / 10;
    console.log(`RSS baseline ${baseline} MB (back to baseline: ≤ ${bound} MB)`);

    console.log('Part A: bad requests');
    const sampler = rssSampler(server.pid);
    const fuzzed = await fuzz(server, routes, owner);
    const peak = sampler.stop();
    const memory: Memory = {
      baseline,
      peak,
      after10: NaN,
      after30: null,
      bound,
      returned: false,
      afterMixed: null,
    };
    let mixed: MixedResult | null = null;
    if (!server.exited) {
      await sleep(10_000);
      memory.after10 = rssMb(server.pid);
      memory.returned = memory.after10 <= bound;
      if (!memory.returned) {
        await sleep(20_000);
        memory.after30 = rssMb(server.pid);
        memory.returned = memory.after30 <= bound;
      }
      console.log(
        `RSS peak ${peak} MB, after 10 s ${memory.after10} MB${memory.after30 === null ? '' : `, after 30 s ${memory.after30} MB`}`,
      );

      console.log(`Part B: mixed load, ${MIXED_CONNECTIONS} connections for ${MIXED_SECONDS} s`);
      const mixedSampler = rssSampler(server.pid);
      mixed = await mixedLoad(server, { owner: ownerToken, admin: adminToken });
      const mixedPeak = mixedSampler.stop();
      if (!server.exited) {
        await sleep(10_000);
        memory.afterMixed = { peak: mixedPeak, after10: rssMb(server.pid) };
      }
    }
    if (server.exited) {
      console.log(`The server exited: ${JSON.stringify(server.exited)}`);
      console.log(server.log.slice(-50).join('\n'));
    }

    const section = report(routes, fuzzed, memory, mixed, server.exited);
    writeSection(section);
    console.log(`\n${section}`);
  } finally {
    await stopServer();
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await stopServer();
    process.exit(1);
  },
);
