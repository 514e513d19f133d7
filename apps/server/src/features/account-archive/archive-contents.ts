// Security-critical: what of an account leaves in its archive. Every tenant table is named here,
// either archived (with the columns left out) or left out with its reason; a new table is neither
// until someone decides, and `archivedTables()` (and account-archive.test.ts) refuses that.
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { GLOBAL_TABLES } from '../../db/distribution.js';
import * as schema from '../../db/schema.js';

/** The practice's records, one CSV each (`<table>.csv`), with the columns that are secrets or the platform's own. */
export const ARCHIVED: Readonly<Record<string, { leaveOut?: readonly string[] }>> = {
  add_on_categories: {},
  add_ons: {},
  appointment_add_ons: {},
  appointment_status_changes: {},
  appointments: {},
  audit_events: {},
  automation_queue_items: { leaveOut: ['claimed_until'] },
  automations: {},
  // The Stripe Checkout page's address is a way to pay; the request's figures and state stay.
  card_payment_requests: { leaveOut: ['url'] },
  // search_text is the name and contact details again, for the search index.
  clients: { leaveOut: ['search_text'] },
  contact_merges: {},
  contacts: {},
  document_templates: {},
  // The file is in the archive under documents/ (the `file` column names it); the storage key is ours.
  documents: { leaveOut: ['storage_key'] },
  email_templates: {},
  estimate_items: {},
  estimates: {},
  form_requests: { leaveOut: ['secret_hash'] },
  form_submissions: {},
  form_templates: {},
  inbound_messages: {},
  integrations: { leaveOut: ['sealed_secrets'] },
  inventory_movements: {},
  invoice_items: {},
  invoice_numbers: {},
  invoice_template_items: {},
  invoice_templates: {},
  invoices: {},
  item_add_on_draws: {},
  item_locations: {},
  item_stocks: {},
  items: {},
  location_species: {},
  locations: { leaveOut: ['logo_storage_key'] },
  lots: {},
  note_templates: {},
  outbox_messages: { leaveOut: ['claim_token'] },
  patients: {},
  payment_allocations: {},
  payment_types: {},
  payments: {},
  pdf_templates: {},
  prescriptions: {},
  price_bands: {},
  roles: {},
  schedule_notes: {},
  schedule_slots: {},
  services: {},
  sms_opt_outs: {},
  sms_templates: {},
  tasks: {},
  tax_codes: {},
  user_locations: {},
  user_roles: {},
  users: { leaveOut: ['password_hash'] },
  vaccinations: {},
  veterinarian_services: {},
  veterinarian_slot_availability: {},
};

/** Tenant tables that are not the practice's records: secrets, sign-ins, the platform's queues and logs. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  account_archives: 'the archives themselves',
  attempt_log: 'sign-in attempts, kept for throttling',
  automation_claims: "the automations' marks of what fired, internal",
  booking_form_uses: 'used booking-form tokens',
  booking_request_log: "the online booking's rate-limit log (addresses)",
  event_deliveries: "the platform's event queue",
  idempotency_keys: 'stored answers to retried requests',
  quickbooks_oauth_states: 'QuickBooks sign-in states',
  sessions: 'sign-in sessions',
  stripe_events: "Stripe's webhook payloads (the payments they recorded are in payments.csv)",
  user_system_roles: "the platform's own roles, not the practice's",
};

export interface ArchivedTable {
  /** the SQL name, and the CSV's name without .csv */
  name: string;
  table: PgTable & { accountId: PgColumn };
  /** the JS keys of the columns written, in the table's order, with their header (SQL names) */
  columns: readonly { key: string; header: string }[];
  /** the primary key past account_id: the cursor's columns, in order */
  cursor: readonly { key: string; column: PgColumn }[];
}

/** Every tenant table of the schema: its SQL name and table object. */
export function tenantTables(): Map<string, PgTable> {
  const found = new Map<string, PgTable>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || !('accountId' in getTableColumns(value))) continue;
    const name = getTableName(value);
    if (!(GLOBAL_TABLES as readonly string[]).includes(name)) found.set(name, value);
  }
  return found;
}

/** A column's SQL name: the schema names columns in camelCase and the database casing makes them snake_case. */
export const sqlName = (column: PgColumn) => column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

let cached: ArchivedTable[] | undefined;

/** The tables an archive writes, in name order; throws on a tenant table neither archived nor left out. */
export function archivedTables(): ArchivedTable[] {
  if (cached) return cached;
  const out: ArchivedTable[] = [];
  for (const [name, table] of [...tenantTables()].sort(([a], [b]) => a.localeCompare(b))) {
    if (LEFT_OUT[name]) continue;
    const entry = ARCHIVED[name];
    if (!entry) throw new Error(`The account archive does not say whether ${name} is archived (archive-contents.ts)`);
    const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    const leaveOut = new Set(entry.leaveOut ?? []);
    const unknown = [...leaveOut].filter((n) => !columns.some(([, c]) => sqlName(c) === n));
    if (unknown.length) throw new Error(`The account archive leaves out ${unknown.join(', ')}, which ${name} does not have (archive-contents.ts)`);
    const byName = new Map(columns.map(([key, column]) => [column.name, key]));
    const pk = getTableConfig(table).primaryKeys[0]?.columns ?? columns.filter(([, c]) => c.primary).map(([, c]) => c);
    out.push({
      name,
      table: table as PgTable & { accountId: PgColumn },
      columns: columns.filter(([key, column]) => key !== 'accountId' && !leaveOut.has(sqlName(column))).map(([key, column]) => ({ key, header: sqlName(column) })),
      cursor: pk.filter((c) => sqlName(c) !== 'account_id').map((column) => ({ key: byName.get(column.name)!, column })),
    });
  }
  cached = out;
  return out;
}
