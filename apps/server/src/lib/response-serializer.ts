import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * A response schema written for fast-json-stringify, or null when it cannot be: a schema with a
 * transform (its checked value is not what the client reads) or with something JSON Schema has
 * no word for (a Date, a bigint).
 */
function compiledWriter(schema: z.ZodType): Serializer | null {
  try {
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serializer;
  } catch {
    return null;
  }
}

/**
 * Every API answer is checked against its zod response schema before it leaves (docs/security.md#an-answer-says-only-what-its-schema-declares): a field the schema does not name is dropped, a
 * value of the wrong type is a 500 rather than a broken client. Most schemas are plain data, so
 * the check is zod's compiled `parse` and the writing is a serializer compiled from the same
 * schema — together about a third of `encode` + `JSON.stringify`, on every call of the hot path.
 * Schemas with transforms keep `encode`, which runs them the way back.
 */
export function createResponseSerializer(options: {
  /** Tests: compare the compiled writer's JSON with JSON.stringify's on every answer. */
  selfCheck: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const fail = (cause: unknown): never => {
      throw new ResponseSerializationError(method, url, { cause: cause as z.ZodError });
    };
    // Compiled on a route's first answer, not at start: most routes are not called soon after a
    // boot, and a hundred compilations would lengthen it.
    let write: Serializer | null | undefined;
    return (data: unknown) => {
      if (write === undefined) write = compiledWriter(schema);
      if (!write) {
        const encoded = z.safeEncode(schema, data);
        if (!encoded.success) fail(encoded.error);
        return JSON.stringify(encoded.data);
      }
      const result = schema.safeParse(data);
      if (!result.success) return fail(result.error);
      const json = write(result.data);
      if (options.selfCheck) {
        const expected: unknown = JSON.parse(JSON.stringify(result.data));
        if (!isDeepStrictEqual(JSON.parse(json), expected)) {
          fail(
            new Error(`compiled serializer wrote ${json}, expected ${JSON.stringify(expected)}`),
          );
        }
      }
      return json;
    };
  };
}
