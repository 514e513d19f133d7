import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Turns the first zod issue into a 400 that names the failing field. Messages that are exact
 * product texts (marked verbatim by the shared rules) go through unchanged.
 */
export function formatIssue(issue: z.core.$ZodIssue, part: string, input?: unknown): string {
  const params = (issue as { params?: { verbatim?: boolean } }).params;
  if (params?.verbatim) return issue.message;
  // Bodies are wrapped as {data: ...} or a named wrapper ({emailTemplateData: ...}, crud.ts):
  // name the field inside it, as the form that sent it calls it. Item lists keep their key.
  const wrapper = typeof issue.path[0] === 'string' && /^(data|[a-z]\w*Data)$/.test(issue.path[0]);
  const path = part === 'body' && wrapper && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
  const field = path.length ? path.map(String).join('.') : part;
  // A field with its own message (e.g. 'must be a valid id') still reads 'is required' when absent.
  const missing =
    issue.code === 'invalid_type' && (/received undefined/.test(issue.message) || (input !== undefined && valueAt(input, issue.path) === undefined));
  return `${field}: ${missing ? 'is required' : issue.message}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

type Def = { type: string; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * zod 4 fills a default even when it sits inside .optional(), so a `.partial()` of an input with
 * defaults (LocationUpdateInput, UpdateUserInput) turns "not sent" into "reset to the default" and
 * a partial update would wipe the fields it did not mention. An optional key the request left out
 * stays out.
 */
export function keepAbsentOptionals(schema: z.ZodType, input: unknown, output: unknown): void {
  const def = defOf(schema);
  if (def.type !== 'object' || !def.shape || !isRecord(input) || !isRecord(output)) return;
  for (const [key, field] of Object.entries(def.shape)) {
    if (input[key] === undefined) {
      if (defOf(field).type === 'optional') delete output[key];
    } else keepAbsentOptionals(field, input[key], output[key]);
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) {
      keepAbsentOptionals(schema, data, result.data);
      return { value: result.data };
    }
    const issue = result.error.issues[0]!;
    return { error: new HttpError(400, formatIssue(issue, httpPart ?? 'body', data)) };
  };
