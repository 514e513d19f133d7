import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { DELETE_RECORDS } from './permissions.js';
import { crudOperations } from './crud.js';
import { idField, messageField, nameField, optionalEmail, optionalText, PageQuery, wrapped, patchOf } from './rules.js';

// ---------- clients ----------
export const Client = z.object({
  id: z.string(),
  locationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  primaryVeterinarianId: z.string().nullable(),
  /** set while the client is archived: hidden from lists, search and pickers (docs/decisions/0059) */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof Client>;
/**
 * One client as their page shows them: whether they have history (appointments, care records or
 * documents), which decides between deleting for good and archiving.
 */
export const ClientDetail = Client.extend({ hasHistory: z.boolean() });
export type ClientDetail = z.infer<typeof ClientDetail>;

/**
 * What a client form sends. Unknown keys (a client's relations: patients, location,
 * appointments, …) are dropped by the schema, so sending them never changes anything.
 */
export const ClientInput = z.object({
  locationId: idField(),
  firstName: nameField(),
  lastName: nameField(),
  email: optionalEmail().default(null),
  phone: optionalText(40).default(null),
  alternatePhone: optionalText(40).default(null),
  address: optionalText(300).default(null),
  notes: messageField().nullable().default(null),
  primaryVeterinarianId: idField().nullable().default(null),
});
export type ClientInput = z.input<typeof ClientInput>;
export const ClientUpdateInput = patchOf(ClientInput);

export const ListClientsQuery = PageQuery.extend({
  locationId: idField(),
  search: z.string().trim().max(100).optional(),
  /** 'true' lists archived clients too; they are left out otherwise */
  includeArchived: z.enum(['true', 'false']).optional(),
});

// What archiving and deleting answer when they cannot go ahead (docs/decisions/0059).
export const CLIENT_HAS_HISTORY =
  'This client has appointments, care records or documents, so they cannot be deleted for good. Archive them instead.';
export const CLIENT_HAS_UPCOMING = 'This client has upcoming appointments. Cancel them before archiving the client.';
export const CLIENT_ARCHIVED = 'this client is archived';

export const ClientSummary = Client.extend({ patientCount: z.number().int() });
export type ClientSummary = z.infer<typeof ClientSummary>;

export const clientOps = crudOperations({
  path: '/api/client',
  tag: 'clients',
  noun: 'client',
  entity: Client,
  read: authenticated,
  write: authenticated,
  list: {
    query: ListClientsQuery,
    paged: true,
    item: ClientSummary,
    summary: 'A page of a location’s clients sorted by firstName, optionally searched (name, email, phone)',
  },
  get: { item: ClientDetail },
  create: { input: ClientInput },
  update: { input: ClientUpdateInput },
  remove: { summary: 'Delete for good a client without history, with their patients', access: anyOf(DELETE_RECORDS) },
  archive: {},
});
export const {
  list: listClients,
  get: getClient,
  create: createClient,
  update: updateClient,
  remove: deleteClient,
  archive: archiveClient,
  restore: restoreClient,
} = clientOps;

// ---------- import / export ----------
/** A 20 MB CSV sent as a JSON string: its quotes and line breaks are escaped, so room to spare. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
export const ImportInput = z.object({
  locationId: idField(),
  csv: z.string().min(1, 'is required').max(20_000_000, 'must be at most 20 MB'),
});
export const ImportRow = z.object({
  line: z.number().int(),
  client: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  patientCount: z.number().int(),
  errors: z.array(z.string()),
});
export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  clients: z.number().int(),
  patients: z.number().int(),
  errorCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
export const previewClientImport = operation({
  method: 'POST',
  path: '/api/client/import/preview',
  access: anyOf('users.manage', 'account.manage'),
  tag: 'clients',
  summary: 'Check a CSV of clients and their patients without saving anything',
  bodyLimit: IMPORT_BODY_LIMIT,
  body: wrapped(ImportInput),
  response: ImportPreview,
});
export const importClients = operation({
  method: 'POST',
  path: '/api/client/import',
  access: anyOf('users.manage', 'account.manage'),
  tag: 'clients',
  summary: 'Import a CSV of clients and their patients: all rows or none',
  bodyLimit: IMPORT_BODY_LIMIT,
  body: wrapped(ImportInput),
  response: z.object({ clients: z.number().int(), patients: z.number().int() }),
});
export const exportClients = operation({
  method: 'GET',
  path: '/api/client/export',
  access: anyOf('users.manage', 'account.manage', 'reports.export'),
  tag: 'clients',
  summary: 'CSV of a location’s clients and their patients (the import format)',
  query: z.object({ locationId: idField() }),
  response: z.string(),
});
