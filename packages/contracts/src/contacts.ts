import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, IdParams, messageField, nameField, noAmpersand, optionalEmail, optionalText, wrapped, patchOf } from './rules.js';

export const CONTACT_CATEGORIES = ['referring_vet', 'crematory', 'supplier', 'family_member', 'other'] as const;
export const CONTACT_CATEGORY_LABELS: Record<(typeof CONTACT_CATEGORIES)[number], string> = {
  referring_vet: 'Referring vet',
  crematory: 'Crematory',
  supplier: 'Supplier',
  family_member: 'Family member',
  other: 'Other',
};

export const Contact = z.object({
  id: z.string(),
  name: z.string(),
  organisation: z.string().nullable(),
  category: z.enum(CONTACT_CATEGORIES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactInput = z.object({
  name: nameField(),
  organisation: optionalText(150)
    .default(null)
    .refine(...noAmpersand),
  category: z.enum(CONTACT_CATEGORIES).default('other'),
  email: optionalEmail().default(null),
  phone: optionalText(40).default(null),
  address: optionalText(300).default(null),
  notes: messageField().nullable().default(null),
  clientId: idField().nullable().default(null),
});
export type ContactInput = z.input<typeof ContactInput>;
/** The fields a merge may take from either contact. */
export const MERGEABLE_CONTACT_FIELDS = ['name', 'organisation', 'category', 'email', 'phone', 'address', 'notes', 'clientId'] as const;

export const contactOps = crudOperations({
  path: '/api/contact',
  tag: 'contacts',
  noun: 'contact',
  entity: Contact,
  read: authenticated,
  write: authenticated,
  list: {
    query: z.object({
      search: z.string().trim().max(100).optional(),
      category: z.enum(CONTACT_CATEGORIES).optional(),
      clientId: idField().optional(),
    }),
    summary: 'Contacts of the account sorted by name, optionally searched or filtered',
  },
  create: { input: ContactInput },
  update: { input: patchOf(ContactInput) },
  remove: {},
});
export const { list: listContacts, create: createContact, update: updateContact, remove: deleteContact } = contactOps;

export const MergeContactsInput = z.object({
  survivorId: idField(),
  mergedIds: z.array(idField()).min(1, 'must name at least one contact to merge').max(20),
  /** for each field, the contact whose value the survivor keeps (default: the survivor's own) */
  fields: z.partialRecord(z.enum(MERGEABLE_CONTACT_FIELDS), idField()).default({}),
});
export type MergeContactsInput = z.input<typeof MergeContactsInput>;
export const ContactMerge = z.object({
  id: z.string(),
  survivorId: z.string(),
  mergedIds: z.array(z.string()),
  mergedNames: z.array(z.string()),
  movedReferences: z.number().int(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type ContactMerge = z.infer<typeof ContactMerge>;
export const mergeContacts = operation({
  method: 'POST',
  path: '/api/contact/merge',
  access: authenticated,
  tag: 'contacts',
  summary: 'Merge contacts into a survivor, moving every reference; can be undone',
  body: wrapped(MergeContactsInput),
  response: z.object({ merge: ContactMerge, survivor: Contact }),
});
export const listContactMerges = operation({
  method: 'GET',
  path: '/api/contact/merge',
  access: authenticated,
  tag: 'contacts',
  summary: 'Recent merges, newest first',
  response: z.array(ContactMerge),
});
export const undoContactMerge = operation({
  method: 'POST',
  path: '/api/contact/merge/{id}/undo',
  access: authenticated,
  tag: 'contacts',
  summary: 'Undo a merge: restore the merged contacts, the survivor and every moved reference',
  params: IdParams,
  response: ContactMerge,
});
