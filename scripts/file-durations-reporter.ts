// A Vitest reporter that writes each test file's wall time with its project
// (.test-results/vitest-files.json): the JSON reporter names the file only, and the server
// suite's files run in two projects (the embedded database and PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const root = new URL('..', import.meta.url).pathname;
const output = `${root}.test-results/vitest-files.json`;

export interface FileDuration {
  project: string;
  file: string;
  ms: number;
}

export default class FileDurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: FileDuration[] = testModules.map((module) => ({
      project: module.project.name,
      file: relative(root, module.moduleId),
      ms: Math.round(module.diagnostic().duration),
    }));
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, JSON.stringify(files, null, 1));
  }
}
