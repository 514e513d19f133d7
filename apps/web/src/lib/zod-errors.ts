import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * Flattens zod issues to one message per dotted field path. Contract messages are written to
 * follow the field label ('is required'), except SPEC texts marked verbatim, which stand alone.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** Capitalises contract messages such as 'is required' so they read on their own under a field. */
export function readableMessage(message: string): string {
  if (/^(is|must) /.test(message)) return `This field ${message}.`;
  return message;
}

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) };
}
