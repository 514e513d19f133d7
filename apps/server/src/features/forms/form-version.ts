// Security-critical: the hash a signature is bound to (docs/decisions/0101). It covers exactly what
// the client was shown: the form's name, description, version and fields with their clauses as
// rendered for them, in a canonical JSON (keys sorted), so the same form always hashes the same.
import { createHash } from 'node:crypto';
import type { FormField } from '@willow/contracts';

/** JSON with every object's keys sorted: the same value always gives the same text (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export interface ShownForm {
  formName: string;
  description: string | null;
  version: number;
  /** the fields with their consent clauses rendered for this client */
  fields: readonly FormField[];
}

/** SHA-256 (hex) of the form version shown. */
export function versionHashOf(form: ShownForm): string {
  const shown = { formName: form.formName, description: form.description, version: form.version, fields: form.fields };
  return createHash('sha256').update(canonicalJson(shown), 'utf8').digest('hex');
}
