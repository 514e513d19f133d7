import { MERGEABLE_CONTACT_FIELDS } from '@willow/contracts';
import type { Contact, MergeContactsInput } from '@willow/contracts';

export type MergeField = (typeof MERGEABLE_CONTACT_FIELDS)[number];

/** For each field, the contact whose value to keep; a missing field keeps the survivor's own. */
export type FieldPicks = Partial<Record<MergeField, string>>;

/**
 * The merge request: every other selected contact is merged into the survivor, and only the
 * picks that differ from the survivor's own value are sent (the server's default is the survivor).
 */
export function buildMergeRequest(selectedIds: readonly string[], survivorId: string, picks: FieldPicks): MergeContactsInput {
  const fields: FieldPicks = {};
  for (const field of MERGEABLE_CONTACT_FIELDS) {
    const from = picks[field];
    if (from && from !== survivorId && selectedIds.includes(from)) fields[field] = from;
  }
  return { survivorId, mergedIds: selectedIds.filter((id) => id !== survivorId), fields };
}

/** The fields on which the selected contacts disagree: the only ones worth asking about. */
export function differingFields(contacts: readonly Contact[]): MergeField[] {
  return MERGEABLE_CONTACT_FIELDS.filter((field) => new Set(contacts.map((c) => JSON.stringify(c[field] ?? null))).size > 1);
}

/** The survivor as it will read after the merge, for the preview. */
export function mergedPreview(contacts: readonly Contact[], survivorId: string, picks: FieldPicks): Contact | undefined {
  const survivor = contacts.find((c) => c.id === survivorId);
  if (!survivor) return undefined;
  const result: Contact = { ...survivor };
  for (const field of MERGEABLE_CONTACT_FIELDS) {
    const source = contacts.find((c) => c.id === picks[field]);
    if (source) (result as Record<MergeField, unknown>)[field] = source[field];
  }
  return result;
}
