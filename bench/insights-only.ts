// `npm run bench:insights`: only the insights measures of `npm run bench`, printed.
import { insightsSection, runInsightsBench } from './insights';

const bench = await runInsightsBench(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
);
console.log(insightsSection(bench).join('\n'));
