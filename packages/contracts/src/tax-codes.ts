import { z } from 'zod';
import { crudOperations } from './crud.js';
import { anyOf, authenticated } from './operation.js';
import { idField, nameField, patchOf } from './rules.js';

/** A location's tax codes, which invoice and estimate lines name (served by the invoices feature). */
export const TAX_CODE_MESSAGES = {
  createError: 'Error creating tax code',
  updateError: 'Error updating tax code',
  deleteError: 'Error deleting tax code',
  created: 'Tax code created',
  updated: 'Tax code updated',
  deleted: 'Tax code deleted',
  listError: 'Error loading tax codes',
} as const;

// ---------- tax codes ----------
/** A location's tax code; `rate` in basis points (825 = 8.25 %). */
export const TaxCode = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  rate: z.number().int(),
  active: z.boolean(),
});
export type TaxCode = z.infer<typeof TaxCode>;
export const TaxCodeInput = z.object({
  locationId: idField(),
  name: nameField(60),
  rate: z.number({ message: 'must be a number' }).int('must be whole basis points').min(0, 'must be 0 or more').max(10_000, 'must be at most 100 %'),
  active: z.boolean().default(true),
});
export type TaxCodeInput = z.input<typeof TaxCodeInput>;
export const taxCodeOps = crudOperations({
  path: '/api/taxCode',
  tag: 'invoices',
  noun: 'tax code',
  entity: TaxCode,
  read: authenticated,
  write: anyOf('locations.manage'),
  list: { query: z.object({ locationId: idField().optional() }) },
  create: { input: TaxCodeInput },
  update: { input: patchOf(TaxCodeInput) },
  remove: {},
});
