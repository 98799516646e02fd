// `npm run bench:console`: the operator console's overview at 10,000 accounts and 1 M events,
// on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL). Prints; `npm run bench` also
// writes it to bench/results/latest.md.
import { runConsoleBench } from './console';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
const result = await runConsoleBench(url);
console.log(JSON.stringify(result, null, 2));
