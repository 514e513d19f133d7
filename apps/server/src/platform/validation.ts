import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Turns the first zod issue into a 400 that names the failing field. Messages that are exact
 * product texts (marked verbatim by the shared rules) go through unchanged.
 */
export function formatIssue(issue: z.core.$ZodIssue, part: string): string {
  const params = (issue as { params?: { verbatim?: boolean } }).params;
  if (params?.verbatim) return issue.message;
  // Bodies are wrapped as {data: ...}: name the field inside it.
  const path = part === 'body' && issue.path[0] === 'data' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
  const field = path.length ? path.map(String).join('.') : part;
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return `${field}: ${missing ? 'is required' : issue.message}`;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0]!;
    return { error: new HttpError(400, formatIssue(issue, httpPart ?? 'body')) };
  };
