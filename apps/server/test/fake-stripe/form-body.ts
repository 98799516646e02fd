/**
 * Stripe's request encoding (`items[0][price]=…&expand[0]=…`), as stripe-node writes it, read
 * back into nested objects and arrays. Values stay strings, as on the wire.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key] as FormValue)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key] as FormValue);
  }
  return converted;
}

export function parseForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = rawKey.split('[')[0] ?? rawKey;
    const parts = [
      head,
      ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    let node: Record<string, FormValue> = root;
    parts.forEach((part, index) => {
      // `expand[]=a&expand[]=b`: an empty index appends.
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, FormValue>;
    });
  }
  return toArrays(root) as Record<string, FormValue>;
}
