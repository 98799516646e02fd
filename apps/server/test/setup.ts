// Per-file setup for the server suites.
import { installAuditKey } from '../src/lib/audit-hash';
import { TEST_AUDIT_KEY } from './test-config';

// Quiet logs unless a test opts in.
process.env.LOG_LEVEL ??= 'silent';
// Tests that write audit rows without building an app key them as the test apps do.
installAuditKey(TEST_AUDIT_KEY);
