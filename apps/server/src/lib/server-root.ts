import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@partner-portal/server';

/**
 * The server package's folder (apps/server). The same code runs from `src/` (tests, `npm run
 * dev`) and bundled into `dist/` (`npm start`), at different depths, so files beside the code
 * (migrations, the built web app) are found from the package rather than from this module.
 */
function findServerRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === PACKAGE_NAME) return dir;
    }
    if (dirname(dir) === dir) throw new Error(`${PACKAGE_NAME} not found above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot();
