// `npm run bench:hot-path`: only the hot-path comparison (GET /api/user against the Express peer
// and Fastify hello, plus boot time), rewriting that one section of bench/results/latest.md and
// leaving the others as the last full `npm run bench` wrote them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runHotPathBench } from './hot-path';
import { hotPathSection } from './hot-path-report';

const HEADING = '## Hot path: GET /api/user';
const root = new URL('..', import.meta.url).pathname;
const file = join(root, 'bench/results/latest.md');

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const bench = await runHotPathBench(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  seconds,
  connections,
);
const report = readFileSync(file, 'utf8');
const start = report.indexOf(HEADING);
if (start < 0) throw new Error(`${file} has no "${HEADING}" section: run npm run bench`);
const next = report.indexOf('\n## ', start + HEADING.length);
const [heading, blank, ...body] = hotPathSection(bench);
const section = [
  heading,
  blank,
  `Measured ${new Date().toISOString()} with \`npm run bench:hot-path\` alone (${seconds} s per server, ${connections} connections); the rest of this page is from the last full run.`,
  '',
  ...body,
].join('\n');
writeFileSync(
  file,
  report.slice(0, start) + section + (next < 0 ? '\n' : report.slice(next).replace(/^\n*/, '\n')),
);
process.stdout.write(`${section}\n`);
