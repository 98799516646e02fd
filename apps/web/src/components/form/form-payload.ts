import type { RequestBody } from '@/lib/api-client';

/** docs/product.md#api-calls: JSON of all values, or multipart when any value is a list of files. */
export function toRequestBody(values: Record<string, unknown>): RequestBody {
  const hasFiles = Object.values(values).some(
    (value) => Array.isArray(value) && value.some((item) => item instanceof File),
  );
  if (!hasFiles) return values;
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value))
      value.forEach((item) => body.append(name, item instanceof File ? item : String(item)));
    else if (value !== undefined && value !== null)
      body.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return body;
}
