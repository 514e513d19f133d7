import type { z } from 'zod';
import { MESSAGES } from '@willow/contracts';

export type FieldErrors = Record<string, string>;

/**
 * Flattens zod issues to one message per dotted field path. Contract messages are written to
 * follow the field label ('is required'), except texts marked verbatim, which stand alone.
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
  // A message ending in a full stop of its own ('must start with SG.') gets no second one.
  if (/^(is|must) /.test(message)) return `This field ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
  return message;
}

/** One value checked by one contract field: the problem in words a person reads, or undefined. */
export function fieldProblem(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : readableMessage(parsed.error.issues[0]?.message ?? '');
}

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) };
}

/**
 * Server messages that are about one field of the form although they do not name it (business
 * rule messages and the conflicts the server reports in words).
 */
const MESSAGE_FIELDS: Readonly<Record<string, string>> = {
  [MESSAGES.emailInUseAtLocation]: 'email',
  'A user with this email address already exists': 'email',
  'A location with this name already exists': 'name',
  'A role with this name already exists': 'name',
};

/** Field messages from the server said the way a person would (keyed 'field: message'). */
const FRIENDLY: Readonly<Record<string, string>> = {
  'currentPassword: is incorrect': 'The current password is not correct',
};

/** Request parts the server names when the problem is not one form field. */
const NOT_FIELDS = new Set(['data', 'body', 'params', 'querystring', 'id']);

/**
 * The field errors a failed save's message stands for, or null when it is not about a field.
 * The server names the field of a validation failure as 'field: message' (dotted paths for
 * nested ones), which the form shows under that field.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message) return null;
  const field = MESSAGE_FIELDS[message];
  if (field) return { [field]: message };
  const named = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s.exec(message);
  if (!named || NOT_FIELDS.has(named[1]!)) return null;
  return { [named[1]!]: FRIENDLY[message] ?? named[2]! };
}

/** A pick-one field's missing or unknown id, as what to do about it: 'Choose a species'. */
export function pickOneMessage(label: string, message: string): string {
  if (!/^(is required|must be a valid id|unknown \w+|no such \w+)$/.test(message)) return readableMessage(message);
  const thing = label.replace(/\s*\*$/, '').trim().toLowerCase();
  return `Choose ${/^[aeiou]/.test(thing) ? 'an' : 'a'} ${thing}`;
}
