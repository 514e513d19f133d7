// Security-critical: what leaves the server. Every answer of a route is written through a writer
// compiled once from its operation's response schema (decision 0122): it copies the properties
// the schema declares and nothing else, so a row's other columns (a password hash, a search text,
// a sealed secret) or a key a handler added by mistake never reach the client.
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** An answer its schema refuses (a handler's bug): a 500, nothing of it sent. */
export class ResponseSchemaError extends Error {
  constructor(method: string, url: string, detail: string, options?: ErrorOptions) {
    super(`The answer of ${method} ${url} does not match its schema: ${detail}`, options);
  }
}

/** A value as the schema lets it out. */
type Writer = (value: unknown) => unknown;

/** A value refused; the keys to it are gathered on the way out (never built while all goes well). */
class Refused extends Error {
  readonly path: (string | number)[] = [];
}
const refuse = (what: string): never => {
  throw new Refused(what);
};
/** Names the key a refusal came from, on its way up. */
const within = (err: unknown, key: string | number): never => {
  if (err instanceof Refused) err.path.unshift(key);
  throw err;
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

type Builder = (source: Record<string, unknown>) => Record<string, unknown>;

/**
 * An object's declared keys copied into one object literal, in the schema's order: every answer of
 * a schema gets the same shape, which V8 builds and JSON.stringify writes on their fast paths
 * (assigning keys one by one in a loop cost the week's answer about as much again as writing it).
 * The generated code holds only the keys, each a JSON string literal, and calls the fields'
 * writers; a key the schema leaves undefined stays undefined, which JSON.stringify leaves out as
 * the loop did. A declared `__proto__` is left out, as zod leaves it out (in a literal it would
 * set the prototype).
 */
function objectBuilder(fields: readonly (readonly [string, Writer])[]): Builder {
  const kept = fields.filter(([key]) => key !== '__proto__');
  const literal = kept.map(([key], i) => `${JSON.stringify(key)}: w[${i}](s[${JSON.stringify(key)}])`).join(', ');
  const make = new Function('w', 's', `return { ${literal} };`) as (w: Writer[], s: Record<string, unknown>) => Record<string, unknown>;
  const writers = kept.map(([, write]) => write);
  return (source) => make(writers, source);
}

/**
 * The writer of one schema. Objects, arrays, records, nullables, optionals and plain values are
 * copied by compiled code: each object keeps only its declared keys, each plain value must be of
 * its type (a string where a string is declared, never an object that would carry its fields out).
 * Anything else (unions, defaults, pipes, loose objects) is written by zod's own encoder, as before.
 */
function writerOf(schema: z.ZodType): Writer {
  const def = defOf(schema);
  const byZod: Writer = (value) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) refuse(z.prettifyError(result.error));
    return result.data;
  };
  switch (def.type) {
    case 'object': {
      // A loose object lets unknown keys through, a strict one refuses them: zod says how.
      if (def.catchall && defOf(def.catchall).type !== 'never') return byZod;
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => [key, writerOf(field)] as const);
      const build = objectBuilder(fields);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('must be an object');
        try {
          return build(value as Record<string, unknown>);
        } catch (err) {
          // Only on the way out of a refusal: which key it came from.
          for (const [key, write] of fields) {
            try {
              write((value as Record<string, unknown>)[key]);
            } catch (inner) {
              within(inner, key);
            }
          }
          throw err;
        }
      };
    }
    case 'array': {
      const item = writerOf(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return refuse('must be an array');
        const out = new Array<unknown>(value.length);
        let i = 0;
        try {
          for (; i < value.length; i++) out[i] = item(value[i]);
        } catch (err) {
          within(err, i);
        }
        return out;
      };
    }
    case 'record': {
      const key = defOf(def.keyType!) as Def & { checks?: unknown[] };
      if (key.type !== 'string' || key.checks?.length) return byZod;
      const entry = writerOf(def.valueType!);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('must be an object');
        const out: Record<string, unknown> = {};
        let at = '';
        try {
          for (const [key, inner] of Object.entries(value)) {
            // Keys come from the data: a __proto__ would set the answer's prototype. zod leaves it out too.
            if (key === '__proto__') continue;
            at = key;
            const written = entry(inner);
            if (written !== undefined) out[key] = written;
          }
        } catch (err) {
          within(err, at);
        }
        return out;
      };
    }
    case 'nullable': {
      const inner = writerOf(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = writerOf(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'string':
      return (value) => (typeof value === 'string' ? value : refuse('must be a string'));
    case 'number': {
      const integer = (schema as unknown as { isInt?: boolean }).isInt === true;
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) && (!integer || Number.isInteger(value)) ? value : refuse(integer ? 'must be an integer' : 'must be a number');
    }
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : refuse('must be true or false'));
    case 'null':
      return (value) => (value === null ? null : refuse('must be null'));
    case 'enum':
    case 'literal': {
      const values = (schema as unknown as { _zod: { values: Set<unknown> } })._zod.values;
      return (value) => (values.has(value) ? value : refuse(`must be one of ${[...values].map((v) => JSON.stringify(v)).join(', ')}`));
    }
    case 'unknown':
    case 'any':
      // Declared as anything (a form's answers as the person sent them): zod lets it all through too.
      return (value) => value;
    default:
      return byZod;
  }
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas: the compiled writer, then
 * JSON.stringify. With `check` (the tests), every answer is also encoded by zod itself, as it was
 * before the writer existed, and the two texts must be the same: each test that gets an answer
 * also proves the writer says exactly what zod would have said.
 */
export function responseSerializerCompiler(opts: { check?: boolean } = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const writer = writerOf(schema);
    const write = (data: unknown): string => {
      try {
        return JSON.stringify(writer(data));
      } catch (err) {
        if (err instanceof Refused) throw new ResponseSchemaError(method, url, `${err.path.join('.') || 'the answer'}: ${err.message}`, { cause: err });
        throw err;
      }
    };
    if (!opts.check) return write;
    return (data: unknown) => {
      const parsed = z.safeEncode(schema, data);
      if (!parsed.success) throw new ResponseSchemaError(method, url, z.prettifyError(parsed.error), { cause: parsed.error });
      const expected = JSON.stringify(parsed.data);
      const written = write(data);
      if (written !== expected) throw new ResponseSchemaError(method, url, `written as ${written}, by zod as ${expected}`);
      return written;
    };
  };
}
