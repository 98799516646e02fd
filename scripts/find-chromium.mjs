import { existsSync } from 'node:fs';

/** The Chromium the browser journeys drive: CHROMIUM_PATH, else Debian's, else none. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}
