// Per-file setup for the server suites: quiet logs unless a test opts in.
process.env.LOG_LEVEL ??= 'silent';
