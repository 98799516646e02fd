// zod builds its object parsers with `new Function` unless told not to, and it decides when a
// schema is created: at module load, before any of the app's own code could call z.config().
// Our Content Security Policy has no 'unsafe-eval' (docs/security.md), so that probe would be
// refused and reported on every page. zod reads this global when it loads; this script runs first
// because deferred scripts run in document order, before the app's module script.
globalThis.__zod_globalConfig = { jitless: true };
