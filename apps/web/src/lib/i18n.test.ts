import { describe, expect, it } from 'vitest';
import { buildResources } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else flatten(value, path).forEach((text, nested) => keys.set(nested, text));
  }
  return keys;
}

const resources = await buildResources();

describe('translations', () => {
  const en = flatten(resources.en);
  const es = flatten(resources.es);

  it('has every key in both English and Spanish', () => {
    const missingInEs = [...en.keys()].filter((key) => !es.has(key));
    const missingInEn = [...es.keys()].filter((key) => !en.has(key));
    expect({ missingInEs, missingInEn }).toEqual({ missingInEs: [], missingInEn: [] });
    expect(en.size).toBeGreaterThan(100);
  });

  it('has no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      const placeholders = (value: string) =>
        [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
