import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

  it('mock no module: the server projects share modules between files (isolate: false)', () => {
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.test.ts') && !file.includes('node_modules'),
    );
    expect(files.length).toBeGreaterThan(100);
    const mocking = files.filter((file) =>
      /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(`${serverDir}${file}`, 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
