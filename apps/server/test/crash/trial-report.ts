// What a run of kill -9 trials is asked to do and what it reports (crash-trials.ts).

export interface CrashTrialOptions {
  database: 'pglite' | 'postgres';
  trials: number;
  /** Seeds the random choices (durations, sizes, actions); each trial derives its own from it. */
  seed: number;
  /** A scratch dir of this run: DATA_DIR, the CSV files and the copies checked on PGlite. */
  workDir: string;
  /** PostgreSQL only: an empty database of this run. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

interface Violation {
  trial: number;
  seed: number;
  invariant: string;
  detail: string;
}

export interface CrashReport {
  database: 'pglite' | 'postgres';
  seed: number;
  /** Trials that ran to their check. */
  trials: number;
  /** Calls answered 2xx, and CLI imports that finished. */
  operations: number;
  attempts: number;
  /** The operations by kind: sign-up, invite, join, …, import. */
  byKind: Record<string, number>;
  /** 5xx answers: not a crash-safety violation by themselves, kept for the report. */
  serverErrors: number;
  /** Boots after a kill -9 that got ready. */
  recoveries: number;
  imports: { completed: number; killed: number };
  violations: Violation[];
  notes: string[];
}
