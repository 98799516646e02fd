/**
 * The manuals name scripts, admin commands and environment variables; each of those is checked
 * against what exists, so a rename in package.json, the admin CLI or the config schema that the
 * docs miss fails here (and a variable the server reads but the docs leave out fails too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../apps/server/src/cli/admin-commands';
import { EnvSchema } from '../apps/server/src/config/env';
import { OAUTH_VARIABLES } from '../apps/server/src/config/oauth';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCS = ['README.md', ...markdownFiles('docs'), 'bench/results/latest.md'];
const docText = (path: string) => ({ path, text: read(path) });

/** Source folders whose `process.env.X` reads make X a variable something reads. */
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web',
  'scripts',
  'e2e',
  'bench',
  '.ci',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$|^run$/.test(entry.name) ? [path] : [];
  });
}

/** Every variable read outside the config schema: tests', benches' and scripts' own. */
function variablesReadElsewhere(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const text = read(file);
    for (const match of text.matchAll(
      /process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]|\$\{?([A-Z][A-Z0-9_]+)\b/g,
    )) {
      names.add((match[1] ?? match[2] ?? match[3])!);
    }
  }
  return names;
}

/**
 * What the server reads: its schema, the social sign-in providers' variables (read by a name made
 * from the provider's), and ENV_FILE, which says where to read the rest from.
 */
const schemaVariables = new Set([...Object.keys(EnvSchema.shape), ...OAUTH_VARIABLES, 'ENV_FILE']);
const knownVariables = new Set([...schemaVariables, ...variablesReadElsewhere()]);

/**
 * The first column of docs/operations.md's Configuration table, with the shorthand
 * `OAUTH_OIDC_CLIENT_ID`, `_ISSUER` (a suffix of the row's first name) written out.
 */
function configurationTableVariables(): string[] {
  const text = read('docs/operations.md');
  const table = text.slice(text.indexOf('## Configuration'));
  const names: string[] = [];
  for (const line of table.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1]!;
    const written = [...cell.matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    const first = written[0]!;
    for (const name of written) {
      names.push(name.startsWith('_') ? first.replace(/_CLIENT_ID$/, '') + name : name);
    }
  }
  return names;
}

describe('the docs name what exists', () => {
  it('every `npm run <script>` names a script of package.json', () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const missing = DOCS.map(docText).flatMap(({ path, text }) =>
      [...text.matchAll(/npm run ([a-z][a-z0-9:-]*)/g)]
        .map((match) => match[1]!)
        .filter((name) => !scripts.includes(name))
        .map((name) => `${path}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every `npm run admin -- <command>` names an admin command', () => {
    const missing = DOCS.map(docText).flatMap(({ path, text }) =>
      [...text.matchAll(/npm run admin -- ([a-z][a-z-]*)/g)]
        .map((match) => match[1]!)
        .filter((name) => !(name in COMMANDS))
        .map((name) => `${path}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every admin command is in docs/operations.md#admin-commands', () => {
    const text = read('docs/operations.md');
    const section = text.slice(
      text.indexOf('## Admin commands'),
      text.indexOf('\n## ', text.indexOf('## Admin commands') + 1),
    );
    const undocumented = Object.keys(COMMANDS).filter((name) => !section.includes(`\`${name}`));
    expect(undocumented).toEqual([]);
  });

  it('every variable of the Configuration table is read by the server or by a script', () => {
    const unknown = configurationTableVariables().filter((name) => !knownVariables.has(name));
    expect(unknown).toEqual([]);
  });

  it('every variable the server reads is in the Configuration table', () => {
    const documented = new Set(configurationTableVariables());
    expect([...schemaVariables].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('every variable set in a command of the docs or in .env.example exists', () => {
    const assignments = [...DOCS.map(docText), docText('.env.example')].flatMap(({ path, text }) =>
      [...text.matchAll(/(?:^|[\s`(])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/gm)].map((match) => ({
        path,
        name: match[1]!,
      })),
    );
    expect(assignments.length).toBeGreaterThan(10);
    const unknown = assignments
      .filter(({ name }) => !knownVariables.has(name))
      .map(({ path, name }) => `${path}: ${name}`);
    expect(unknown).toEqual([]);
  });
});
