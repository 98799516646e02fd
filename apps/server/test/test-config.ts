import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config';

/** The audit key of every test process and test app (test/setup.ts installs it). */
export const TEST_AUDIT_KEY = 'test-audit-key-that-is-long-enough-0123456789';

/** A valid configuration for tests: a temp data dir and a fixed secret, plus any overrides. */
export function createTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-test-')),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-123',
    AUDIT_KEY: TEST_AUDIT_KEY,
    LOG_LEVEL: 'silent',
    // Checks every answer's compiled serializer against JSON.stringify (lib/response-serializer.ts).
    NODE_ENV: 'test',
    // Tests fire dozens of parallel sign-ups on purpose; none should be turned away as a flood.
    PASSWORD_HASH_QUEUE: '10000',
    ...env,
  });
}
