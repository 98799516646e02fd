import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEnvFile } from './env-file';

const dir = () => mkdtempSync(join(tmpdir(), 'pp-env-'));

describe('.env', () => {
  it('fills what the environment leaves unset, and the environment wins', () => {
    const cwd = dir();
    writeFileSync(
      join(cwd, '.env'),
      [
        '# a comment',
        'PORT=9090',
        'APP_URL="http://portal.test:9090"',
        'MAIL_FROM=ops@file.test',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { MAIL_FROM: 'ops@shell.test' };
    expect(applyEnvFile(env, cwd)).toEqual({
      file: join(cwd, '.env'),
      applied: expect.arrayContaining(['PORT', 'APP_URL']),
    });
    expect(env).toEqual({
      PORT: '9090',
      APP_URL: 'http://portal.test:9090',
      MAIL_FROM: 'ops@shell.test',
    });
  });

  it('is optional, unless ENV_FILE names a file that is not there', () => {
    const cwd = dir();
    const env: NodeJS.ProcessEnv = {};
    expect(applyEnvFile(env, cwd)).toBeNull();
    expect(env).toEqual({});
    expect(() => applyEnvFile({ ENV_FILE: 'missing.env' }, cwd)).toThrow(/missing\.env/);
    writeFileSync(join(cwd, 'prod.env'), 'PORT=7070\n');
    const named: NodeJS.ProcessEnv = { ENV_FILE: 'prod.env' };
    applyEnvFile(named, cwd);
    expect(named.PORT).toBe('7070');
    // Empty: none is read, even with a .env beside it.
    writeFileSync(join(cwd, '.env'), 'PORT=6060\n');
    const none: NodeJS.ProcessEnv = { ENV_FILE: '' };
    expect(applyEnvFile(none, cwd)).toBeNull();
    expect(none.PORT).toBeUndefined();
  });
});
