// The endpoints a developer would write by hand (issue 34, decision 0230): for each endpoint
// bench:hand-written times, the SAME statements the app runs for that answer (the texts below are
// the app's, compiled by its sql-compiler; bench:hand-written checks them against what the app ran
// before it times anything), each sent as it is with the driver's query, and the rows shaped into
// the app's JSON by a few lines per route. Served over HTTP by hand-written-server.ts (PostgreSQL)
// and called straight on PGlite's driver by hand-written.ts.
import { MAX_APPOINTMENT_HOURS } from '@willow/contracts';

/** The app's statements, word for word (captured with COUNT_QUERIES and QUERY_TEXTS). */
export const SQL = {
  clientPage: `select "clients"."id", "clients"."account_id", "clients"."location_id", "clients"."first_name", "clients"."last_name", "clients"."email", "clients"."phone", "clients"."alternate_phone", "clients"."address", "clients"."notes", "clients"."primary_veterinarian_id", "clients"."archived_at", "clients"."created_at", "clients"."updated_at", "clients"."search_text", ((select count(*) from "patients" where ("clients"."account_id" = "patients"."account_id" and "clients"."account_id" = $1 and "patients"."account_id" = $2 and "patients"."client_id" = "clients"."id"))) as "extra_0", (select count(*) from "clients" where ("clients"."account_id" = $3 and ("clients"."location_id" = $4 and "clients"."archived_at" is null))) as "extra_1", (select (((select count(*) from "locations" where ("locations"."account_id" = $5 and "locations"."id" = any($6::uuid[]))) = $7))) as "extra_2" from "clients" where ("clients"."account_id" = $8 and ("clients"."location_id" = $9 and "clients"."archived_at" is null)) order by lower("clients"."first_name") asc, lower("clients"."last_name") asc, "clients"."id" asc limit $10 offset $11`,
  clientSearchPage: `select "clients"."id", "clients"."account_id", "clients"."location_id", "clients"."first_name", "clients"."last_name", "clients"."email", "clients"."phone", "clients"."alternate_phone", "clients"."address", "clients"."notes", "clients"."primary_veterinarian_id", "clients"."archived_at", "clients"."created_at", "clients"."updated_at", "clients"."search_text", ((select count(*) from "patients" where ("clients"."account_id" = "patients"."account_id" and "clients"."account_id" = $1 and "patients"."account_id" = $2 and "patients"."client_id" = "clients"."id"))) as "extra_0", (select count(*) from "clients" where ("clients"."account_id" = $3 and ("clients"."location_id" = $4 and "clients"."archived_at" is null and "clients"."search_text" like $5))) as "extra_1", (select (((select count(*) from "locations" where ("locations"."account_id" = $6 and "locations"."id" = any($7::uuid[]))) = $8))) as "extra_2" from "clients" where ("clients"."account_id" = $9 and ("clients"."location_id" = $10 and "clients"."archived_at" is null and "clients"."search_text" like $11)) order by lower("clients"."first_name") asc, lower("clients"."last_name") asc, "clients"."id" asc limit $12 offset $13`,
  patientPage: `select "patients"."id", "patients"."account_id", "patients"."client_id", "patients"."location_id", "patients"."name", "patients"."species_id", "patients"."breed", "patients"."sex", "patients"."neutered", "patients"."date_of_birth", "patients"."weight_kg", "patients"."microchip", "patients"."colour", "patients"."alerts", "patients"."notes", "patients"."deceased_on", "patients"."deceased_note", "patients"."archived_at", "patients"."created_at", "patients"."updated_at", (coalesce((select "species"."name" from "species" where "species"."id" = "patients"."species_id"), '')) as "extra_0", (coalesce((select "clients"."first_name" || ' ' || "clients"."last_name" from "clients" where ("clients"."account_id" = "patients"."account_id" and "clients"."account_id" = $1 and "patients"."account_id" = $2 and "clients"."id" = "patients"."client_id")), '')) as "extra_1", (select count(*) from "patients" where ("patients"."account_id" = $3 and ("patients"."location_id" = $4 and "patients"."archived_at" is null))) as "extra_2", (select (((select count(*) from "locations" where ("locations"."account_id" = $5 and "locations"."id" = any($6::uuid[]))) = $7))) as "extra_3" from "patients" where ("patients"."account_id" = $8 and ("patients"."location_id" = $9 and "patients"."archived_at" is null)) order by lower("patients"."name") asc, "patients"."id" asc limit $10 offset $11`,
  appointmentRange: `select "appointments"."id", "appointments"."account_id", "appointments"."location_id", "appointments"."client_id", "appointments"."patient_ids", "appointments"."service_ids", "appointments"."primary_provider_id", "appointments"."secondary_provider_id", "appointments"."start_at", "appointments"."end_at", "appointments"."status", "appointments"."address", "appointments"."notes", "appointments"."cancellation_reason", "appointments"."overlap_reason", "appointments"."source", "appointments"."email_confirmed_at", "appointments"."requested_times", "appointments"."cremation_type", "appointments"."ashes_disposition", "appointments"."created_by_id", "appointments"."created_at", "appointments"."updated_at", ((((select count(*) from "locations" where ("locations"."account_id" = $1 and "locations"."id" = any($2::uuid[]))) = $3))) as "extra_0" from "appointments" where ("appointments"."account_id" = $4 and ("appointments"."location_id" in ($5) and "appointments"."start_at" > $6 and "appointments"."start_at" < $7 and "appointments"."end_at" > $8)) order by "appointments"."start_at" asc, "appointments"."id" asc limit $9 offset $10`,
  locationHeld: `select (((select count(*) from "locations" where ("locations"."account_id" = $1 and "locations"."id" = any($2::uuid[]))) = $3)) from (select 1) as one`,
  servicesByIds: `select "services"."id", "services"."account_id", "services"."location_id", "services"."type", "services"."name", "services"."duration", "services"."price", "services"."active", "services"."created_at", "services"."updated_at" from "services" where ("services"."account_id" = $1 and "services"."id" = any($2::uuid[]))`,
  addOnsOf: `select "appointment_add_ons"."id", "appointment_add_ons"."account_id", "appointment_add_ons"."appointment_id", "appointment_add_ons"."add_on_id", "appointment_add_ons"."name", "appointment_add_ons"."price", "appointment_add_ons"."values", "appointment_add_ons"."created_at" from "appointment_add_ons" where ("appointment_add_ons"."account_id" = $1 and "appointment_add_ons"."appointment_id" = any($2::uuid[])) order by "appointment_add_ons"."created_at" asc, "appointment_add_ons"."id" asc`,
  clientSummaries: `select "id", "first_name", "last_name", "email", "phone" from "clients" where ("clients"."account_id" = $1 and "clients"."id" = any($2::uuid[]))`,
  patientsWithSpecies: `select "patients"."id", "patients"."name", "species"."name", "patients"."deceased_on", "patients"."alerts" from "patients" inner join "species" on "species"."id" = "patients"."species_id" where ("patients"."account_id" = $1 and "patients"."id" = any($2::uuid[]))`,
  slotsWithProviders: `select "schedule_slots"."id", "schedule_slots"."account_id", "schedule_slots"."location_id", "schedule_slots"."start_at", "schedule_slots"."end_at", "schedule_slots"."service_ids", "schedule_slots"."capacity", "schedule_slots"."series_id", "schedule_slots"."created_by_id", "schedule_slots"."created_at", "schedule_slots"."updated_at", (array(select "veterinarian_slot_availability"."veterinarian_id" from "veterinarian_slot_availability" inner join "users" on ("users"."account_id" = "veterinarian_slot_availability"."account_id" and "users"."account_id" = $1 and "veterinarian_slot_availability"."account_id" = $2 and "users"."id" = "veterinarian_slot_availability"."veterinarian_id") inner join "user_locations" on ("user_locations"."account_id" = "veterinarian_slot_availability"."account_id" and "user_locations"."account_id" = $3 and "veterinarian_slot_availability"."account_id" = $4 and ("user_locations"."user_id" = "veterinarian_slot_availability"."veterinarian_id" and "user_locations"."location_id" = "schedule_slots"."location_id")) where ("veterinarian_slot_availability"."account_id" = "schedule_slots"."account_id" and "veterinarian_slot_availability"."account_id" = $5 and "schedule_slots"."account_id" = $6 and ("veterinarian_slot_availability"."start_at" = "schedule_slots"."start_at" and "users"."is_active" = $7)) order by lower("users"."first_name"), lower("users"."last_name"), "users"."id")) as "extra_0" from "schedule_slots" where ("schedule_slots"."account_id" = $8 and ("schedule_slots"."location_id" = $9 and "schedule_slots"."start_at" < $10 and "schedule_slots"."end_at" > $11)) order by "schedule_slots"."start_at" asc, "schedule_slots"."id" asc`,
  notesInRange: `select "schedule_notes"."id", "schedule_notes"."account_id", "schedule_notes"."location_id", "schedule_notes"."date", "schedule_notes"."provider_id", "schedule_notes"."text", "schedule_notes"."created_by_id", "schedule_notes"."created_at", "schedule_notes"."updated_at" from "schedule_notes" inner join "locations" on ("locations"."account_id" = "schedule_notes"."account_id" and "locations"."account_id" = $1 and "schedule_notes"."account_id" = $2 and "locations"."id" = "schedule_notes"."location_id") where ("schedule_notes"."account_id" = $3 and ("schedule_notes"."location_id" = $4 and "schedule_notes"."date" between ($5::timestamptz at time zone "locations"."timezone")::date and ($6::timestamptz at time zone "locations"."timezone")::date)) order by "schedule_notes"."date" asc, "schedule_notes"."created_at" asc, "schedule_notes"."id" asc`,
  invoicePage: `select "invoices"."id", "invoices"."account_id", "invoices"."location_id", "invoices"."client_id", "invoices"."patient_id", "invoices"."appointment_id", "invoices"."estimate_id", "invoices"."kind", "invoices"."credited_invoice_id", "invoices"."number", "invoices"."status", "invoices"."currency", "invoices"."issued_on", "invoices"."due_on", "invoices"."discount_type", "invoices"."discount_value", "invoices"."notes", "invoices"."pdf_template_id", "invoices"."subtotal", "invoices"."discount", "invoices"."tax", "invoices"."total", "invoices"."finalised_at", "invoices"."finalised_by_id", "invoices"."voided_at", "invoices"."void_reason", "invoices"."created_by_id", "invoices"."created_at", "invoices"."updated_at", (coalesce((select "clients"."first_name" || ' ' || "clients"."last_name" from "clients" where ("clients"."account_id" = "invoices"."account_id" and "clients"."account_id" = $1 and "invoices"."account_id" = $2 and "clients"."id" = "invoices"."client_id")), '')) as "extra_0", ((select "patients"."name" from "patients" where ("patients"."account_id" = "invoices"."account_id" and "patients"."account_id" = $3 and "invoices"."account_id" = $4 and "patients"."id" = "invoices"."patient_id"))) as "extra_1", (coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("invoices"."account_id" = "payment_allocations"."account_id" and "invoices"."account_id" = $5 and "payment_allocations"."account_id" = $6 and "payment_allocations"."invoice_id" = "invoices"."id")), 0)) as "extra_2", (coalesce((select -sum("credit_note"."total") from "invoices" as "credit_note" where ("invoices"."account_id" = "credit_note"."account_id" and "invoices"."account_id" = $7 and "credit_note"."account_id" = $8 and ("credit_note"."credited_invoice_id" = "invoices"."id" and "credit_note"."status" = $9 and "credit_note"."kind" = $10))), 0)) as "extra_3", ((case when "invoices"."kind" <> 'invoice' or "invoices"."status" = 'void' then 0
    else "invoices"."total" - coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("invoices"."account_id" = "payment_allocations"."account_id" and "invoices"."account_id" = $11 and "payment_allocations"."account_id" = $12 and "payment_allocations"."invoice_id" = "invoices"."id")), 0) - coalesce((select -sum("credit_note"."total") from "invoices" as "credit_note" where ("invoices"."account_id" = "credit_note"."account_id" and "invoices"."account_id" = $13 and "credit_note"."account_id" = $14 and ("credit_note"."credited_invoice_id" = "invoices"."id" and "credit_note"."status" = $15 and "credit_note"."kind" = $16))), 0) end)) as "extra_4", ((case when "invoices"."kind" <> 'invoice' or "invoices"."status" <> 'finalised' then 'not_due'
    when (case when "invoices"."kind" <> 'invoice' or "invoices"."status" = 'void' then 0
    else "invoices"."total" - coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("invoices"."account_id" = "payment_allocations"."account_id" and "invoices"."account_id" = $17 and "payment_allocations"."account_id" = $18 and "payment_allocations"."invoice_id" = "invoices"."id")), 0) - coalesce((select -sum("credit_note"."total") from "invoices" as "credit_note" where ("invoices"."account_id" = "credit_note"."account_id" and "invoices"."account_id" = $19 and "credit_note"."account_id" = $20 and ("credit_note"."credited_invoice_id" = "invoices"."id" and "credit_note"."status" = $21 and "credit_note"."kind" = $22))), 0) end) <= 0 then 'paid'
    when coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("invoices"."account_id" = "payment_allocations"."account_id" and "invoices"."account_id" = $23 and "payment_allocations"."account_id" = $24 and "payment_allocations"."invoice_id" = "invoices"."id")), 0) + coalesce((select -sum("credit_note"."total") from "invoices" as "credit_note" where ("invoices"."account_id" = "credit_note"."account_id" and "invoices"."account_id" = $25 and "credit_note"."account_id" = $26 and ("credit_note"."credited_invoice_id" = "invoices"."id" and "credit_note"."status" = $27 and "credit_note"."kind" = $28))), 0) > 0 then 'partly_paid'
    else 'unpaid' end)) as "extra_5", (select count(*) from "invoices" where ("invoices"."account_id" = $29 and "invoices"."location_id" = $30)) as "extra_6", (select (((select count(*) from "locations" where ("locations"."account_id" = $31 and "locations"."id" = any($32::uuid[]))) = $33))) as "extra_7" from "invoices" where ("invoices"."account_id" = $34 and "invoices"."location_id" = $35) order by "invoices"."created_at" desc, "invoices"."id" desc limit $36 offset $37`,
  paymentPage: `select "payments"."id", "payments"."account_id", "payments"."location_id", "payments"."client_id", "payments"."payment_type_id", "payments"."kind", "payments"."amount", "payments"."received_at", "payments"."reference", "payments"."notes", "payments"."refund_of_payment_id", "payments"."stripe_payment_intent_id", "payments"."card_payment_request_id", "payments"."created_by_id", "payments"."created_at", "payments"."updated_at", (coalesce((select "clients"."first_name" || ' ' || "clients"."last_name" from "clients" where ("clients"."account_id" = "payments"."account_id" and "clients"."account_id" = $1 and "payments"."account_id" = $2 and "clients"."id" = "payments"."client_id")), '')) as "extra_0", ((select "payment_types"."name" from "payment_types" where ("payment_types"."account_id" = "payments"."account_id" and "payment_types"."account_id" = $3 and "payments"."account_id" = $4 and "payment_types"."id" = "payments"."payment_type_id"))) as "extra_1", ((select "payment_types"."method" from "payment_types" where ("payment_types"."account_id" = "payments"."account_id" and "payment_types"."account_id" = $5 and "payments"."account_id" = $6 and "payment_types"."id" = "payments"."payment_type_id"))) as "extra_2", (coalesce((select "accounts"."currency" from "accounts" where "accounts"."id" = $7), 'USD')) as "extra_3", (coalesce((select sum("refund"."amount") from "payments" as "refund" where ("payments"."account_id" = "refund"."account_id" and "payments"."account_id" = $8 and "refund"."account_id" = $9 and "refund"."refund_of_payment_id" = "payments"."id")), 0)) as "extra_4", (coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("payment_allocations"."account_id" = "payments"."account_id" and "payment_allocations"."account_id" = $10 and "payments"."account_id" = $11 and "payment_allocations"."payment_id" = "payments"."id")), 0) + coalesce((select sum("payment_allocations"."amount") from "payment_allocations" where ("payment_allocations"."account_id" = "payments"."account_id" and "payment_allocations"."account_id" = $12 and "payments"."account_id" = $13 and "payment_allocations"."payment_id" in (select "refund"."id" from "payments" as "refund" where ("payments"."account_id" = "refund"."account_id" and "payments"."account_id" = $14 and "refund"."account_id" = $15 and "refund"."refund_of_payment_id" = "payments"."id")))), 0)) as "extra_5", (select count(*) from "payments" where ("payments"."account_id" = $16 and "payments"."location_id" = $17)) as "extra_6", (select (((select count(*) from "locations" where ("locations"."account_id" = $18 and "locations"."id" = any($19::uuid[]))) = $20))) as "extra_7" from "payments" where ("payments"."account_id" = $21 and "payments"."location_id" = $22) order by "payments"."received_at" desc, "payments"."created_at" desc, "payments"."id" desc limit $23 offset $24`,
  allocationsOf: `select "payment_allocations"."id", "payment_allocations"."account_id", "payment_allocations"."payment_id", "payment_allocations"."invoice_id", "payment_allocations"."estimate_id", "payment_allocations"."amount", "payment_allocations"."created_at", ((select "invoices"."number" from "invoices" where ("invoices"."account_id" = "payment_allocations"."account_id" and "invoices"."account_id" = $1 and "payment_allocations"."account_id" = $2 and "invoices"."id" = "payment_allocations"."invoice_id"))) as "extra_0" from "payment_allocations" where ("payment_allocations"."account_id" = $3 and "payment_allocations"."payment_id" = any($4::uuid[])) order by "payment_allocations"."created_at" asc, "payment_allocations"."id" asc`,
  clientSearch: `select "clients"."id", "clients"."account_id", "clients"."location_id", "clients"."first_name", "clients"."last_name", "clients"."email", "clients"."phone", "clients"."alternate_phone", "clients"."address", "clients"."notes", "clients"."primary_veterinarian_id", "clients"."archived_at", "clients"."created_at", "clients"."updated_at", "clients"."search_text" from "clients" where ("clients"."account_id" = $1 and ("clients"."archived_at" is null and "clients"."search_text" like $2)) order by lower("clients"."first_name") asc, lower("clients"."last_name") asc, "clients"."id" asc limit $3`,
  /** The same from a word of three letters: ordered so the trigram index finds the matches first (clients.repository.ts search, decision 0239). */
  clientSearchByTrigrams: `select "clients"."id", "clients"."account_id", "clients"."location_id", "clients"."first_name", "clients"."last_name", "clients"."email", "clients"."phone", "clients"."alternate_phone", "clients"."address", "clients"."notes", "clients"."primary_veterinarian_id", "clients"."archived_at", "clients"."created_at", "clients"."updated_at", "clients"."search_text" from "clients" where ("clients"."account_id" = $1 and ("clients"."archived_at" is null and "clients"."search_text" like $2)) order by lower("clients"."first_name") || '' asc, lower("clients"."last_name") || '' asc, "clients"."id" asc limit $3`,
  /** The global search's patients: by name prefix in byte order, and by microchip, side by side (patients.repository.ts search, decision 0291). */
  patientSearchByName: `select "patients"."id", "patients"."account_id", "patients"."client_id", "patients"."location_id", "patients"."name", "patients"."species_id", "patients"."breed", "patients"."sex", "patients"."neutered", "patients"."date_of_birth", "patients"."weight_kg", "patients"."microchip", "patients"."colour", "patients"."alerts", "patients"."notes", "patients"."deceased_on", "patients"."deceased_note", "patients"."archived_at", "patients"."created_at", "patients"."updated_at", (coalesce((select "species"."name" from "species" where "species"."id" = "patients"."species_id"), '')) as "extra_0", (coalesce((select "clients"."first_name" || ' ' || "clients"."last_name" from "clients" where ("clients"."account_id" = "patients"."account_id" and "clients"."account_id" = $1 and "patients"."account_id" = $2 and "clients"."id" = "patients"."client_id")), '')) as "extra_1" from "patients" where ("patients"."account_id" = $3 and ("patients"."archived_at" is null and lower("patients"."name") collate "C" like $4)) order by lower("patients"."name") collate "C" asc, "patients"."id" asc limit $5`,
  patientSearchByChip: `select "patients"."id", "patients"."account_id", "patients"."client_id", "patients"."location_id", "patients"."name", "patients"."species_id", "patients"."breed", "patients"."sex", "patients"."neutered", "patients"."date_of_birth", "patients"."weight_kg", "patients"."microchip", "patients"."colour", "patients"."alerts", "patients"."notes", "patients"."deceased_on", "patients"."deceased_note", "patients"."archived_at", "patients"."created_at", "patients"."updated_at", (coalesce((select "species"."name" from "species" where "species"."id" = "patients"."species_id"), '')) as "extra_0", (coalesce((select "clients"."first_name" || ' ' || "clients"."last_name" from "clients" where ("clients"."account_id" = "patients"."account_id" and "clients"."account_id" = $1 and "patients"."account_id" = $2 and "clients"."id" = "patients"."client_id")), '')) as "extra_1" from "patients" where ("patients"."account_id" = $3 and ("patients"."archived_at" is null and "patients"."microchip" = $4)) order by lower("patients"."name") asc, "patients"."id" asc limit $5`,
};

export type Row = unknown[];
/** One statement on the pool, rows as arrays (several columns share a name, e.g. the count and the check). */
export type Query = (text: string, values: unknown[]) => Promise<Row[]>;
export type Params = Record<string, string | undefined>;

/** The calendar reaches back this far for an appointment still running at the week's start (@willow/contracts' MAX_APPOINTMENT_HOURS). */
const MAX_APPOINTMENT_MS = MAX_APPOINTMENT_HOURS * 3_600_000;
/** The global search's clients and patients (search.service.ts). */
const SEARCH_LIMIT = 8;

const iso = (v: unknown) => (v === null ? null : (v as Date).toISOString());
const numberOrNull = (v: unknown) => (v === null ? null : Number(v));
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
const notFound = () => new Refusal(404, 'Not found');

/** A search of one plain word, as the bench asks; anything else the app writes as other statements. */
function searchPattern(search: string): string {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length !== 1 || /^[\d()+\-.]+$/.test(words[0]!)) throw new Refusal(400, 'the hand-written route knows a search of one word only');
  return `%${escapeLike(words[0]!)}%`;
}

const page = (p: Params) => ({ limit: Number(p.limit ?? 50), offset: Number(p.offset ?? 0) });

/** A page of the CRUD kit: its rows, the count and the filter's check in the same statement. */
function pageOf<T>(rows: Row[], countAt: number, map: (r: Row) => T) {
  // The app asks for the count in a second statement when the page is empty; not written here.
  if (rows.length === 0) throw new Refusal(500, 'an empty page: the hand-written route does not ask the count again');
  if (!rows[0]![countAt + 1]) throw notFound();
  return { items: rows.map(map), total: Number(rows[0]![countAt]) };
}

const client = (r: Row) => ({
  id: r[0],
  locationId: r[2],
  firstName: r[3],
  lastName: r[4],
  email: r[5],
  phone: r[6],
  alternatePhone: r[7],
  address: r[8],
  notes: r[9],
  primaryVeterinarianId: r[10],
  archivedAt: iso(r[11]),
  createdAt: iso(r[12]),
  updatedAt: iso(r[13]),
  patientCount: Number(r[15]),
});

async function clientList(q: Query, accountId: string, p: Params) {
  const { limit, offset } = page(p);
  const location = p.locationId!;
  const rows = p.search
    ? await q(SQL.clientSearchPage, [accountId, accountId, accountId, location, searchPattern(p.search), accountId, [location], 1, accountId, location, searchPattern(p.search), limit, offset])
    : await q(SQL.clientPage, [accountId, accountId, accountId, location, accountId, [location], 1, accountId, location, limit, offset]);
  return pageOf(rows, 16, client);
}

async function patientList(q: Query, accountId: string, p: Params) {
  const { limit, offset } = page(p);
  const location = p.locationId!;
  const rows = await q(SQL.patientPage, [accountId, accountId, accountId, location, accountId, [location], 1, accountId, location, limit, offset]);
  return pageOf(rows, 22, (r) => ({
    id: r[0],
    clientId: r[2],
    locationId: r[3],
    name: r[4],
    speciesId: r[5],
    speciesName: r[20],
    breed: r[6],
    sex: r[7],
    neutered: r[8],
    dateOfBirth: r[9],
    weightKg: numberOrNull(r[10]),
    microchip: r[11],
    colour: r[12],
    alerts: r[13],
    notes: r[14],
    deceasedOn: r[15],
    deceasedNote: r[16],
    archivedAt: iso(r[17]),
    createdAt: iso(r[18]),
    updatedAt: iso(r[19]),
    clientName: r[21],
  }));
}

/**
 * The calendar's week: the appointments carrying the location's check (an empty week asks it
 * alone, after), then their clients, patients, services and add-ons side by side.
 */
async function appointmentRange(q: Query, accountId: string, p: Params) {
  const { limit, offset } = page(p);
  const location = p.locationId!;
  const start = new Date(p.startDate!);
  const end = new Date(p.endDate!);
  const rows = await q(SQL.appointmentRange, [
    accountId,
    [location],
    1,
    accountId,
    location,
    new Date(start.getTime() - MAX_APPOINTMENT_MS).toISOString(),
    end.toISOString(),
    start.toISOString(),
    limit + 1,
    offset,
  ]);
  const held = rows.length > 0 ? rows[0]![23] : (await q(SQL.locationHeld, [accountId, [location], 1]))[0]![0];
  if (!held) throw notFound();
  const items = rows.slice(0, limit);
  const total = offset + items.length + (rows.length > limit ? 1 : 0);
  if (items.length === 0) return { items: [], total };
  const clientIds = unique(items.map((r) => r[3] as string));
  const patientIds = unique(items.flatMap((r) => r[4] as string[]));
  const serviceIds = unique(items.flatMap((r) => r[5] as string[]));
  const [clients, patients, services, addOns] = await Promise.all([
    q(SQL.clientSummaries, [accountId, clientIds]),
    patientIds.length ? q(SQL.patientsWithSpecies, [accountId, patientIds]) : [],
    serviceIds.length ? q(SQL.servicesByIds, [accountId, serviceIds]) : [],
    q(SQL.addOnsOf, [accountId, items.map((r) => r[0])]),
  ]);
  const clientById = new Map(clients.map((c) => [c[0], { id: c[0], firstName: c[1], lastName: c[2], email: c[3], phone: c[4] }]));
  const patientById = new Map(patients.map((x) => [x[0], { id: x[0], name: x[1], speciesName: x[2], deceasedOn: x[3], alerts: x[4] }]));
  const serviceById = new Map(services.map((s) => [s[0], { id: s[0], name: s[4], type: s[3], duration: s[5], price: Number(s[6]) }]));
  const addOnsOf = new Map<unknown, unknown[]>();
  for (const a of addOns) {
    const answer = { id: a[0], appointmentId: a[2], addOnId: a[3], name: a[4], price: Number(a[5]), values: a[6] };
    const those = addOnsOf.get(a[2]);
    if (those) those.push(answer);
    else addOnsOf.set(a[2], [answer]);
  }
  const found = <T>(ids: string[], byId: Map<unknown, T>) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return {
    items: items.map((r) => ({
      id: r[0],
      locationId: r[2],
      status: r[10],
      startAt: iso(r[8]),
      endAt: iso(r[9]),
      clientId: r[3],
      client: clientById.get(r[3]) ?? { id: r[3], firstName: '', lastName: '', email: null, phone: null },
      patientIds: r[4],
      patients: found(r[4] as string[], patientById),
      serviceIds: r[5],
      services: found(r[5] as string[], serviceById),
      primaryProviderId: r[6],
      secondaryProviderId: r[7],
      address: r[11],
      notes: r[12],
      cancellationReason: r[13],
      overlapReason: r[14],
      source: r[15],
      emailConfirmedAt: iso(r[16]),
      requestedTimes: r[17],
      addOns: addOnsOf.get(r[0]) ?? [],
      cremationType: r[18],
      ashesDisposition: r[19],
      createdAt: iso(r[21]),
      updatedAt: iso(r[22]),
    })),
    total,
  };
}

/** The schedule's week: slots (each with its providers) and notes side by side; an empty week asks the location's check after. */
async function scheduleRange(q: Query, accountId: string, p: Params) {
  const location = p.locationId!;
  const start = new Date(p.startDate!);
  const end = new Date(p.endDate!);
  const [slots, notes] = await Promise.all([
    q(SQL.slotsWithProviders, [...Array<string>(6).fill(accountId), true, accountId, location, end.toISOString(), start.toISOString()]),
    q(SQL.notesInRange, [accountId, accountId, accountId, location, start.toISOString(), new Date(end.getTime() - 1).toISOString()]),
  ]);
  if (slots.length === 0 && notes.length === 0 && !(await q(SQL.locationHeld, [accountId, [location], 1]))[0]![0]) throw notFound();
  return {
    scheduleSlots: slots.map((s) => ({
      id: s[0],
      locationId: s[2],
      startAt: iso(s[3]),
      endAt: iso(s[4]),
      serviceIds: s[5],
      capacity: s[6],
      seriesId: s[7],
      veterinarianIds: s[11],
      createdAt: iso(s[9]),
      updatedAt: iso(s[10]),
    })),
    scheduleNotes: notes.map((n) => ({
      id: n[0],
      locationId: n[2],
      date: n[3],
      providerId: n[4],
      text: n[5],
      createdById: n[6],
      createdAt: iso(n[7]),
      updatedAt: iso(n[8]),
    })),
  };
}

async function invoiceList(q: Query, accountId: string, p: Params) {
  const { limit, offset } = page(p);
  const location = p.locationId!;
  const settled = ['finalised', 'credit_note'];
  // each correlated subquery names the account on both its tables (decision 0276)
  const of4 = Array<string>(4).fill(accountId);
  const of8 = [...of4, ...of4];
  const rows = await q(SQL.invoicePage, [...of8, ...settled, ...of4, ...settled, ...of4, ...settled, ...of4, ...settled, accountId, location, accountId, [location], 1, accountId, location, limit, offset]);
  return pageOf(rows, 35, (r) => ({
    id: r[0],
    locationId: r[2],
    clientId: r[3],
    clientName: r[29],
    patientId: r[4],
    patientName: r[30],
    appointmentId: r[5],
    estimateId: r[6],
    kind: r[7],
    creditedInvoiceId: r[8],
    number: r[9],
    status: r[10],
    currency: r[11],
    issuedOn: r[12],
    dueOn: r[13],
    subtotal: Number(r[18]),
    discount: Number(r[19]),
    tax: Number(r[20]),
    total: Number(r[21]),
    paid: Number(r[31]),
    credited: Number(r[32]),
    balance: Number(r[33]),
    paymentState: r[34],
    finalisedAt: iso(r[22]),
    voidedAt: iso(r[24]),
    createdAt: iso(r[27]),
  }));
}

/** The payments' page with each one's client, type, currency, refunds and allocated sum beside it, then their allocations. */
async function paymentList(q: Query, accountId: string, p: Params) {
  const { limit, offset } = page(p);
  const location = p.locationId!;
  const rows = await q(SQL.paymentPage, [...Array<string>(15).fill(accountId), accountId, location, accountId, [location], 1, accountId, location, limit, offset]);
  const { total } = pageOf(rows, 22, () => undefined);
  const ids = rows.map((r) => r[0] as string);
  const allocations = new Map<string, unknown[]>(ids.map((id) => [id, []]));
  for (const a of await q(SQL.allocationsOf, [accountId, accountId, accountId, ids])) {
    allocations.get(a[2] as string)?.push({ id: a[0], invoiceId: a[3], estimateId: a[4], invoiceNumber: numberOrNull(a[7]), amount: Number(a[5]) });
  }
  return {
    items: rows.map((r) => {
      const id = r[0] as string;
      const refunded = Number(r[20]);
      return {
        id,
        locationId: r[2],
        clientId: r[3],
        clientName: (r[16] as string).trim(),
        kind: r[5],
        paymentTypeId: r[4],
        paymentTypeName: r[17],
        method: r[18],
        currency: r[19],
        amount: Number(r[6]),
        receivedAt: iso(r[7]),
        reference: r[8],
        notes: r[9],
        refundOfPaymentId: r[10],
        card: Boolean(r[11] || r[12]),
        allocations: allocations.get(id) ?? [],
        refunded,
        unallocated: r[5] === 'payment' ? Number(r[6]) - refunded - Number(r[21]) : 0,
        createdAt: iso(r[14]),
      };
    }),
    total,
  };
}

/** The search box and the client pickers: clients and patients of the whole account side by side, the patients with their species and households. */
async function search(q: Query, accountId: string, p: Params) {
  if (p.locationId) throw new Refusal(400, 'the hand-written search is over all locations');
  const text = (p.q ?? '').trim();
  const [clients, patients] = await Promise.all([
    q(text.length >= 3 ? SQL.clientSearchByTrigrams : SQL.clientSearch, [accountId, searchPattern(text), SEARCH_LIMIT]),
    Promise.all([
      q(SQL.patientSearchByName, [accountId, accountId, accountId, `${escapeLike(text.toLowerCase())}%`, SEARCH_LIMIT]),
      text ? q(SQL.patientSearchByChip, [accountId, accountId, accountId, text, SEARCH_LIMIT]) : Promise.resolve([]),
    ]).then(([named, chipped]) => {
      const seen = new Set(named.map((x) => x[0]));
      const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      return [...named, ...chipped.filter((x) => !seen.has(x[0]))]
        .sort((a, b) => byteOrder((a[4] as string).toLowerCase(), (b[4] as string).toLowerCase()) || byteOrder(a[0] as string, b[0] as string))
        .slice(0, SEARCH_LIMIT);
    }),
  ]);
  return {
    clients: clients.map((c) => ({ id: c[0], firstName: c[3], lastName: c[4], email: c[5], phone: c[6], locationId: c[2] })),
    patients: patients.map((x) => ({
      id: x[0],
      name: x[4],
      clientId: x[2],
      clientName: x[21],
      speciesName: x[20],
      microchip: x[11],
      deceasedOn: x[15],
    })),
  };
}


/** Each endpoint's path and its hand-written handler (the answer before JSON.stringify). */
export const handRoutes: Record<string, (q: Query, accountId: string, p: Params) => Promise<unknown>> = {
  '/api/client': clientList,
  '/api/patient': patientList,
  '/api/appointment': appointmentRange,
  '/api/scheduleSlot': scheduleRange,
  '/api/invoice': invoiceList,
  '/api/payment': paymentList,
  '/api/search': search,
};
