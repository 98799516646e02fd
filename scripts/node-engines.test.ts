import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises Node.js 20. A dependency that declares a newer engine installs with a
// warning and may break on the promised version, so the lockfile is held to the promise.
const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('Node.js engines', () => {
  const promised = semver.minVersion(manifest.engines.node);

  it('the promise names a Node.js 20 release', () => {
    expect(promised?.major).toBe(20);
  });

  it('every locked package runs on the oldest Node.js the README promises', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return range !== undefined && !semver.satisfies(promised!, range);
      })
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version}`);
    expect(refusing).toEqual([]);
  });
});
