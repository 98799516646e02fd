import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Comments cite the rules they implement as `docs/<file>.md#<anchor>` (docs/product.md for the
 * product, docs/security.md for security). A clone must be able to follow every citation: each
 * names a heading that exists, and nothing points at documents outside the repository.
 */
const root = new URL('..', import.meta.url).pathname;

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|md|css|ya?ml|json|html)$/.test(file))
  .filter((file) => file !== 'package-lock.json' && existsSync(`${root}${file}`));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (!heading) continue;
    const base = anchorOf(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('citations of the rules', () => {
  it('every docs/…md#anchor names a heading of that document', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    let citations = 0;
    for (const file of tracked) {
      const text = readFileSync(`${root}${file}`, 'utf8');
      for (const match of text.matchAll(/\bdocs\/([\w/.-]+\.md)#([\w-]+)/g)) {
        citations += 1;
        const doc = `docs/${match[1]}`;
        if (!anchors.has(doc)) {
          anchors.set(
            doc,
            existsSync(`${root}${doc}`)
              ? anchorsIn(readFileSync(`${root}${doc}`, 'utf8'))
              : new Set(),
          );
        }
        if (!anchors.get(doc)!.has(match[2]!)) broken.push(`${file}: ${match[0]}`);
      }
    }
    expect(broken).toEqual([]);
    // The code cites its rules; a scan that finds none has stopped reading them.
    expect(citations).toBeGreaterThan(200);
  });

  it('every docs/….md named exists', () => {
    const missing = tracked.flatMap((file) =>
      [...readFileSync(`${root}${file}`, 'utf8').matchAll(/\bdocs\/[\w/.-]+\.md\b/g)]
        .map((match) => match[0])
        .filter((doc) => !existsSync(`${root}${doc}`))
        .map((doc) => `${file}: ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('nothing cites a document the repository does not hold', () => {
    // Built from parts, so this file does not match itself.
    const outside = new RegExp(
      ['\u00a7\\d', 'security ' + 'checklist', '\\.\\./shared/'].join('|'),
      'i',
    );
    const found = tracked.flatMap((file) =>
      readFileSync(`${root}${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('reads headings as GitHub links them', () => {
    expect(anchorOf('Roles and permissions')).toBe('roles-and-permissions');
    expect(anchorOf('`/api/user`: the current user')).toBe('apiuser-the-current-user');
    expect([...anchorsIn('# A\n## B c\n```\n# not a heading\n```\n## B c')]).toEqual([
      'a',
      'b-c',
      'b-c-1',
    ]);
  });
});
