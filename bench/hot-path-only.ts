// `npm run bench:hot-path`: only the hot-path comparison (GET /api/user against the Express peer
// and Fastify hello, plus boot time), rewriting that one section of bench/results/latest.md and
// leaving the others as the last full `npm run bench` wrote them.
import { readFileSync } from 'node:fs';
import { runHotPathBench } from './hot-path';
import { apiKeySection, hotPathSection } from './hot-path-report';
import { RESULTS_FILE, sectionOf, writeSection } from './results-file';

const HEADING = '## Hot path: GET /api/user';

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const bench = await runHotPathBench(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  seconds,
  connections,
);
const [heading, blank, ...body] = hotPathSection(bench);
const section = [
  heading,
  blank,
  `Measured ${new Date().toISOString()} with \`npm run bench:hot-path\` alone (${seconds} s per server, ${connections} connections); the rest of this page is from the last full run.`,
  '',
  ...body,
].join('\n');
if (!heading || !sectionOf(readFileSync(RESULTS_FILE, 'utf8'), heading))
  throw new Error(`${RESULTS_FILE} has no "${HEADING}" section: run npm run bench`);
writeSection(section);
const keys = apiKeySection(bench).join('\n');
writeSection(keys);
process.stdout.write(`${section}\n\n${keys}\n`);
