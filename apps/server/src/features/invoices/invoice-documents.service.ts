// The billing document kit on the server (docs/decisions/0175): what the estimates and invoices
// services share — whom a document is for and its checks, the day and currency it is written in,
// how a stored document becomes its answer, the CRUD kit's settings both use, what they refuse so
// that the books stay whole, and a change of state of one document. The lines are priced and
// checked in invoice-lines.ts.
// Security-critical: every id a header names is read in the caller's account.
import { ESTIMATE_MESSAGES, type DiscountType } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ListFilter } from '../../platform/list-filters.js';
import type { Extras, ListOptions, Row, RowPatch, Scope, TenantTable } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { appointmentsRepository } from '../appointments/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationOwnership, locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { storedLine } from './invoice-lines.js';
import type { EstimateItemRow, InvoiceItemRow } from './invoices.repository.js';

export const DOCUMENT_RULES = {
  patientOfAnotherClient: 'patientId: not one of this client’s patients',
  appointmentOfAnotherClient: 'appointmentId: not an appointment of this client',
} as const;

/** Today's date at a place (a document is issued on the practice's calendar). */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export async function locationToday(ex: Executor, scope: Scope, locationId: string): Promise<string> {
  const zones = await locationsRepository.timezonesOf(ex, scope, [locationId]);
  return todayIn(zones.get(locationId) ?? 'UTC');
}

export async function accountCurrency(ex: Executor, scope: Scope): Promise<string> {
  return (await accountsRepository.findById(ex, scope.accountId))?.currency ?? 'USD';
}

/** Whom a document is for. */
export type Parties = { clientId: string; patientId: string | null; appointmentId: string | null };

/** The parties a patch leaves: what it sends, else what the document names (null clears one). */
export function partiesAfter(input: Partial<Parties>, existing: Parties): Parties {
  return {
    clientId: input.clientId ?? existing.clientId,
    patientId: input.patientId !== undefined ? input.patientId : existing.patientId,
    appointmentId: input.appointmentId !== undefined ? input.appointmentId : existing.appointmentId,
  };
}

/**
 * The client, patient and appointment a document names: each of the account (404 otherwise), the
 * patient and appointment the client's (400 naming the field). On an update only what changes is read.
 */
export async function checkParties(ex: Executor, scope: Scope, next: Parties, before?: Parties): Promise<void> {
  const changed = (k: keyof Parties) => !before || before[k] !== next[k];
  if (changed('clientId') && !(await clientsRepository.findById(ex, scope, next.clientId, { lock: 'share' }))) throw notFound('clientId: unknown client');
  if (next.patientId && (changed('patientId') || changed('clientId'))) {
    const patient = await patientsRepository.findById(ex, scope, next.patientId);
    if (!patient) throw notFound('patientId: unknown patient');
    if (patient.clientId !== next.clientId) throw badRequest(DOCUMENT_RULES.patientOfAnotherClient);
  }
  if (next.appointmentId && (changed('appointmentId') || changed('clientId'))) {
    const appointment = await appointmentsRepository.findById(ex, scope, next.appointmentId);
    if (!appointment) throw notFound('appointmentId: unknown appointment');
    if (appointment.clientId !== next.clientId) throw badRequest(DOCUMENT_RULES.appointmentOfAnotherClient);
  }
}

type Discounted = { discountType: string; discountValue: number; locationId: string };

/** A new discount or location prices (and checks) the stored lines again when they were not sent with it. */
export const pricingChanged = (before: Discounted, after: Discounted): boolean =>
  before.discountType !== after.discountType || before.discountValue !== after.discountValue || before.locationId !== after.locationId;

/** Where a document copied from another (an estimate's invoice, a credit note) is, and whom it is for. */
export const placeOf = (d: { locationId: string } & Parties) => ({ locationId: d.locationId, clientId: d.clientId, patientId: d.patientId, appointmentId: d.appointmentId });

// ---------- answers ----------
/** The full answer's discount and notes. */
export const termsAnswer = (r: { discountType: string; discountValue: number; notes: string }) => ({
  discountType: r.discountType as DiscountType,
  discountValue: r.discountValue,
  notes: r.notes,
});

/** A stored line as answered, before what its kind of document adds. */
export const lineAnswer = (r: InvoiceItemRow | EstimateItemRow) => ({ id: r.id, position: r.position, ...storedLine(r) });

/**
 * Documents by id as answered, in the order asked: their rows with what the lists show beside
 * them, and their lines, in two statements for any number.
 */
export async function loadDocuments<R extends { id: string }, Line, E>(
  ex: Executor,
  scope: Scope,
  rows: readonly { id: string }[],
  reads: {
    withExtras(ex: Executor, scope: Scope, ids: readonly string[]): Promise<R[]>;
    lines: { of(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Map<string, Line[]>> };
  },
  answer: (row: R, lines: Line[]) => E,
): Promise<E[]> {
  const ids = rows.map((r) => r.id);
  const full = new Map((await reads.withExtras(ex, scope, ids)).map((r) => [r.id, r]));
  const lines = await reads.lines.of(ex, scope, ids);
  return ids.flatMap((id) => {
    const r = full.get(id);
    return r ? [answer(r, lines.get(id) ?? [])] : [];
  });
}

/**
 * The CRUD kit's reading and listing settings of a document: its repository, its answers, its
 * list's rows (the summary, from the row and what the list reads beside it) and options, a paged
 * list filtered by ids that must be of the account (client, appointment), owned by a location,
 * and the one estimate → invoice clash. What the list reads beside its rows, and an invoice list's
 * `unpaid` filter, are the balance reads' (invoice-balances.repository.ts, decision 0174).
 */
export function documentCrud<R, S, E, X extends Extras, Q, Repo>(d: {
  repository: Repo;
  extras: (scope: Scope) => X;
  listOptions: (q: Q, scope: Scope) => ListOptions;
  toEntities: (ex: Executor, scope: Scope, rows: readonly { id: string }[]) => Promise<E[]>;
  toSummary: (row: R) => S;
}) {
  return {
    repository: d.repository,
    toEntities: d.toEntities,
    toListItems: async (_ex: Executor, _scope: Scope, rows: readonly object[]) => rows.map((r) => d.toSummary(r as R)),
    listExtras: d.extras,
    listOptions: d.listOptions,
    paged: true,
    listFilters: (q: { clientId?: string | undefined; appointmentId?: string | undefined }): readonly ListFilter[] => [
      [clientsRepository, q.clientId],
      [appointmentsRepository, q.appointmentId],
    ],
    location: locationOwnership,
    uniqueMessages: { invoices_estimate_unique: ESTIMATE_MESSAGES.alreadyInvoiced },
  } as const;
}

/**
 * The documents of one kind are the books (decision 0155): whom they name is archived, not
 * deleted, so a delete of a client or patient one names is refused with the kind's own words.
 */
export function keepPartiesOf(
  events: DomainEventBus,
  subscriber: 'invoices' | 'estimates',
  anyFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }) => Promise<boolean>,
  messages: { client: string; patient: string },
): void {
  events.on('client.deleting', subscriber, async (tx, caller, { clientId }) => {
    if (await anyFor(tx, caller, { clientId })) throw conflict(messages.client);
  });
  events.on('patient.deleting', subscriber, async (tx, caller, { patientId }) => {
    if (await anyFor(tx, caller, { patientId })) throw conflict(messages.patient);
  });
}

/** The CRUD kit's service with what a billing document adds: a change of state of one document. */
export class BillingDocumentService<T extends TenantTable, E, C, U, Q, L, I, X extends Extras> extends TenantCrudService<T, E, C, U, Q, L, I, X> {
  /**
   * A change of state of one document, locked first, with its history entry, in one transaction;
   * `after` runs in it once the document is changed (its event published).
   */
  protected transition(
    auth: AuthContext,
    id: string,
    change: (tx: Executor, row: Row<T>) => Promise<RowPatch<T>> | RowPatch<T>,
    after?: (tx: Executor, row: Row<T>) => Promise<void>,
  ): Promise<E> {
    return this.write(async (tx) => {
      const { repository, entityType } = this.def;
      const existing = await repository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      const row = await repository.update(tx, auth, id, await change(tx, existing));
      await this.audit.record(tx, auth, [{ entityType, entityId: id, action: 'update', before: existing, after: row }]);
      if (after && row) await after(tx, row);
      return (await this.def.toEntities(tx, auth, [existing]))[0]!;
    });
  }
}
