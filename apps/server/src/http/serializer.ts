import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType, z } from 'zod';

type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => Serialize;

/**
 * The answers' serializer: each route's response schema (the contract's zod schema) compiled once, on the route's
 * first answer, into a fast-json-stringify function through its JSON Schema. It writes only the schema's fields, in
 * the schema's order, as zod's serializer does, at a third of the processor time of checking the answer with zod and
 * JSON.stringify (a booking grid of 66 KB: 0.5–0.9 ms against 1.5–2.5 ms).
 *
 * `check` (development and tests): every answer also goes through zod's serializer (fastify-type-provider-zod: the
 * schema's check, then JSON.stringify), and a compiled text that differs from zod's is an error, so every route's test
 * proves the compiled serializer writes what zod would. A schema JSON Schema cannot express (a transform) keeps zod's
 * serializer.
 */
/**
 * An answer already written as JSON text (a long list the database writes as text, so Node neither builds nor
 * serializes thousands of objects): sent as it is. With `check`, the text must be exactly what zod's serializer
 * writes of it (the schema's fields, in its order, as JSON.stringify spells them), so every test of its route proves
 * the text.
 */
class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** The answer `T` as its JSON text (see JsonText); a handler returns it in place of the object. */
export function jsonText<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

export function responseSerializerCompiler(check: boolean): SerializerCompiler {
  const compileZod = zodSerializerCompiler as unknown as SerializerCompiler;
  return (route) => {
    const withZod = compileZod(route);
    let compiled: Serialize | null | undefined;
    return (data) => {
      if (data instanceof JsonText) {
        if (check) {
          const expected = withZod(JSON.parse(data.text));
          if (data.text !== expected) {
            throw new Error(
              `${route.method} ${route.url}: the answer's JSON text ${data.text.slice(0, 300)} is not what zod writes of it, ${expected.slice(0, 300)}`,
            );
          }
        }
        return data.text;
      }
      if (compiled === undefined) compiled = compile(route.schema);
      if (!compiled) return withZod(data);
      if (!check) return compiled(data);
      const expected = withZod(data);
      const text = compiled(data);
      if (text !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${text.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      }
      return text;
    };
  };
}

function compile(schema: unknown): Serialize | null {
  const zod =
    schema instanceof z.ZodType
      ? schema
      : schema &&
          typeof schema === 'object' &&
          (schema as { properties?: unknown }).properties instanceof z.ZodType
        ? ((schema as { properties: ZodType }).properties as ZodType)
        : null;
  if (!zod) return null;
  try {
    const json = toJSONSchema(zod, {
      io: 'input',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    });
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    return null;
  }
}
