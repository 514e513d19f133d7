import { z } from 'zod';
import { anyOf, authenticated } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, nameField, optionalText, priceField, queryBoolean, patchOf } from './rules.js';

// ---------- add-ons ----------
export const AddOnCategory = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddOnCategory = z.infer<typeof AddOnCategory>;
export const AddOnCategoryInput = z.object({
  locationId: idField(),
  name: nameField(),
  description: optionalText(500).default(null),
  active: z.boolean().default(true),
});
export type AddOnCategoryInput = z.input<typeof AddOnCategoryInput>;
export const AddOnListQuery = z.object({ locationId: idField().optional(), onlyActive: queryBoolean().optional() });
export const addOnCategoryOps = crudOperations({
  path: '/api/addOnCategory',
  tag: 'add-ons',
  noun: 'add-on category',
  entity: AddOnCategory,
  list: { query: AddOnListQuery },
  create: { input: AddOnCategoryInput },
  update: { input: patchOf(AddOnCategoryInput) },
  remove: {},
  read: authenticated,
  write: anyOf('locations.manage'),
});

/** A choice an add-on asks for when attached, e.g. "Ink colour" with Black / Blue; no choices = free text. */
export const AddOnOption = z.object({
  name: nameField(60),
  choices: z
    .array(z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'))
    .max(30, 'must have at most 30 choices')
    .refine((c) => new Set(c.map((x) => x.toLowerCase())).size === c.length, 'must differ')
    .default([]),
});
export type AddOnOption = z.input<typeof AddOnOption>;
export const AddOn = z.object({
  id: z.string(),
  locationId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  options: z.array(z.object({ name: z.string(), choices: z.array(z.string()) })),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddOn = z.infer<typeof AddOn>;
export const AddOnInput = z.object({
  categoryId: idField(),
  name: nameField(),
  description: optionalText(500).default(null),
  price: priceField(),
  options: z
    .array(AddOnOption)
    .max(10, 'must have at most 10 options')
    .refine((o) => new Set(o.map((x) => x.name.toLowerCase())).size === o.length, 'option names must differ')
    .default([]),
  active: z.boolean().default(true),
});
export type AddOnInput = z.input<typeof AddOnInput>;
/** An add-on's location is its category's. */
export const addOnOps = crudOperations({
  path: '/api/addOn',
  tag: 'add-ons',
  noun: 'add-on',
  entity: AddOn,
  list: { query: AddOnListQuery },
  create: { input: AddOnInput },
  update: { input: patchOf(AddOnInput) },
  remove: {},
  read: authenticated,
  write: anyOf('locations.manage'),
});
