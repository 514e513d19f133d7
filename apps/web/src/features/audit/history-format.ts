import type { AuditAction, AuditEvent } from '@willow/contracts';

/** Names that camelCase splitting would get wrong or leave cryptic. */
const FIELD_NAMES: Record<string, string> = {
  primaryVeterinarianId: 'Primary veterinarian',
  prescriberId: 'Prescriber',
  providerId: 'Provider',
  speciesId: 'Species',
  clientId: 'Client',
  patientId: 'Patient',
  contactId: 'Contact',
  locationId: 'Location',
  weightKg: 'Weight (kg)',
  sizeBytes: 'Size (bytes)',
  mergedIntoId: 'Merged into',
  mergedFrom: 'Merged from',
  deceasedOn: 'Deceased on',
  deceasedNote: 'Deceased note',
  archivedAt: 'Archived',
};

/** 'alternatePhone' → 'Alternate phone'; known ids get their plain names. */
export function humaniseField(field: string): string {
  const known = FIELD_NAMES[field];
  if (known) return known;
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  merge: 'Merged',
  unmerge: 'Merge undone',
  import: 'Imported',
  archive: 'Archived',
  restore: 'Restored',
};

const STAFF_FIELDS = new Set(['primaryVeterinarianId', 'prescriberId', 'providerId']);
/** Server bookkeeping that says nothing to a reader. */
const HIDDEN_FIELDS = new Set(['storageKey', 'accountId', 'searchText']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A recorded value as a person reads it. Ids become names when `names` knows them (staff,
 * locations); other ids say nothing to a reader, so they are shown as 'set'.
 */
export function formatValue(field: string, value: unknown, names?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue('', v)).join(', ') : '—';
  if (typeof value === 'string') {
    if (/Id$/.test(field)) return names?.get(value) ?? (STAFF_FIELDS.has(field) ? 'a former user' : 'set');
    if (ISO_DATE.test(value)) return value;
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface ChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The changes of one event, in a stable order, with bookkeeping fields left out. */
export function changeLines(event: Pick<AuditEvent, 'changes'>, names?: ReadonlyMap<string, string>): ChangeLine[] {
  return Object.entries(event.changes)
    .filter(([field]) => !HIDDEN_FIELDS.has(field))
    .map(([field, change]) => ({
      field,
      label: humaniseField(field),
      from: formatValue(field, change.from, names),
      to: formatValue(field, change.to, names),
    }));
}
