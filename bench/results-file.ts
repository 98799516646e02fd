// bench/results/latest.md is written by several scripts: `npm run bench` (the page) and the
// scripts that each own one section (hot path, Lighthouse, abuse). Each rewrites only its part.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const RESULTS_FILE = join(
  new URL('..', import.meta.url).pathname,
  'bench/results/latest.md',
);

/** The sections of the page written by their own scripts, kept when `npm run bench` rewrites it. */
export const OWN_SECTIONS = [
  '## Lighthouse (mobile preset)',
  '## Abuse: 100,000 bad requests and a mixed load',
  '## Crash trials (kill -9)',
];

function read(): string {
  return existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmarks\n';
}

/** The section under `heading` (up to the next `## `), or null when the page has none. */
export function sectionOf(report: string, heading: string): string | null {
  const start = report.indexOf(`${heading}\n`);
  if (start < 0) return null;
  const next = report.indexOf('\n## ', start + heading.length);
  return report.slice(start, next < 0 ? undefined : next).replace(/\n*$/, '');
}

/** Replaces the section starting with its heading line (or appends it), leaving the rest. */
export function writeSection(section: string): void {
  const heading = section.slice(0, section.indexOf('\n'));
  const report = read();
  const old = sectionOf(report, heading);
  const next = old
    ? report.replace(old, section.replace(/\n*$/, ''))
    : `${report.replace(/\n*$/, '\n\n')}${section.replace(/\n*$/, '')}\n`;
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, next.replace(/\n*$/, '\n'));
}

/** Writes the whole page, carrying over the sections other scripts own. */
export function writePage(page: string): void {
  const kept = OWN_SECTIONS.map((heading) => sectionOf(read(), heading)).filter(
    (section): section is string => section !== null,
  );
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, [page.replace(/\n*$/, ''), ...kept].join('\n\n') + '\n');
}
