import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No module imports itself back through others (docs/architecture.md, "Server features"): a cycle
 * makes load order matter and hides which piece depends on which. Type-only imports count too,
 * since they still tie the two files' meanings together.
 */
const root = resolve(new URL('..', import.meta.url).pathname);

const SOURCES = [
  { dir: 'apps/server/src', aliases: {} as Record<string, string> },
  { dir: 'apps/web/src', aliases: { '@/': 'apps/web/src/' } },
  { dir: 'packages/shared/src', aliases: {} },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string, aliases: Record<string, string>) {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) base = join(root, target, specifier.slice(alias.length));
  }
  if (specifier.startsWith('@partner-portal/shared/')) {
    base = join(root, 'packages/shared/src', specifier.slice('@partner-portal/shared/'.length));
  }
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Tarjan's strongly connected components of more than one module: each is a cycle. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(root, member));
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}

describe('imports', () => {
  const graph = new Map<string, string[]>();
  for (const { dir, aliases } of SOURCES) {
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)]
        .map((match) => resolveImport(file, match[1]!, aliases))
        .filter((target): target is string => target !== null);
      graph.set(file, targets);
    }
  }

  it('reads the source tree', () => {
    expect(graph.size).toBeGreaterThan(300);
  });

  it('form no cycles', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  /*
   * Between server features (docs/architecture.md, "Server features"): no feature imports another
   * which imports it back, through any of their files. What several sign-in flows share (minting a
   * session, creating the user row) sits in identity/, below them all, so the flows can compose.
   */
  it('form no cycles between server features', () => {
    const featuresDir = join(root, 'apps/server/src/features');
    const featureOf = (file: string) => {
      const inside = relative(featuresDir, file);
      return inside.startsWith('..') ? null : join(featuresDir, inside.split('/')[0]!);
    };
    const features = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      const edges = features.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) edges.add(to);
      }
      features.set(from, edges);
    }
    expect(features.size).toBeGreaterThan(15);
    const knots = cyclesOf(new Map([...features].map(([name, edges]) => [name, [...edges]])));
    expect(knots.map((knot) => knot.map((dir) => dir.split('/').at(-1)))).toEqual([]);
  });

  it('are found when a cycle exists', () => {
    const probe = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(probe)).toEqual([['a', 'b', 'c'].map((name) => relative(root, name))]);
  });
});
