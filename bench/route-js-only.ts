// `npm run bench:js`: only the JavaScript a first visit to /signin downloads, read from the last
// `npm run build`'s manifest; rewrites that one section of bench/results/latest.md.
import { join } from 'node:path';
import { measureRouteJs, SIGNIN_MODULES, signinJsSection } from './route-js-size';
import { writeSection } from './results-file';

const root = new URL('..', import.meta.url).pathname;
const section = signinJsSection(measureRouteJs(join(root, 'apps/web/dist'), SIGNIN_MODULES));
writeSection(section.join('\n'));
process.stdout.write(`${section.join('\n')}\n`);
