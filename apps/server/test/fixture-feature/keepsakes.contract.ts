// The fixture feature's contract, as packages/contracts/src/<x>.ts would hold it: the entity, its
// input and the operations the CRUD kit makes of them.
import { z } from 'zod';
import { anyOf, authenticated, crudOperations, DELETE_RECORDS, idField, nameField, optionalText, patchOf } from '@willow/contracts';

export const KEEPSAKE_KEEPS_CLIENT = 'We are keeping keepsakes for this client, so they cannot be deleted for good. Archive them instead.';
export const KEEPSAKE_KEEPS_PATIENT = 'We are keeping keepsakes of this patient, so they cannot be deleted for good. Archive them instead.';

export const Keepsake = z.object({
  id: z.string(),
  patientId: z.string(),
  clientId: z.string(),
  kind: z.string(),
  note: z.string().nullable(),
});
export type Keepsake = z.infer<typeof Keepsake>;
export const KeepsakeInput = z.object({ patientId: idField(), kind: nameField(), note: optionalText(500) });
export const KeepsakeQuery = z.object({ patientId: idField() });

export const keepsakeOps = crudOperations({
  path: '/api/keepsake',
  tag: 'keepsakes',
  noun: 'keepsake',
  entity: Keepsake,
  read: authenticated,
  write: authenticated,
  list: { query: KeepsakeQuery },
  get: {},
  create: { input: KeepsakeInput },
  update: { input: patchOf(KeepsakeInput) },
  remove: { access: anyOf(DELETE_RECORDS) },
});
