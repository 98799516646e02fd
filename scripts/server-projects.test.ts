import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY, ON_BOTH_DATABASES } from '../vitest.config';

const serverDir = new URL('../apps/server/', import.meta.url).pathname;

describe('the server files named in vitest.config.ts', () => {
  it('run on both databases: existing files, each with its reason', () => {
    const entries = Object.entries(ON_BOTH_DATABASES);
    expect(entries.length).toBeGreaterThan(0);
    for (const [file, reason] of entries) {
      expect(existsSync(`${serverDir}${file}`), file).toBe(true);
      expect(file).toMatch(/\.test\.ts$/);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it('name existing files for the embedded database alone, none of them also on both', () => {
    for (const file of EMBEDDED_ONLY) {
      expect(existsSync(`${serverDir}${file}`), file).toBe(true);
      expect(ON_BOTH_DATABASES[file], file).toBeUndefined();
    }
  });
});
