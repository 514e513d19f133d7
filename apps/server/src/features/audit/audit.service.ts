import type { AuditAction, AuditEvent } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnCategoriesRepository, addOnsRepository } from '../add-ons/add-ons.repository.js';
import { appointmentsRepository } from '../appointments/appointments.repository.js';
import { prescriptionsRepository, vaccinationsRepository } from '../care/care.repository.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { contactsRepository } from '../contacts/contacts.repository.js';
import { documentsRepository } from '../documents/documents.repository.js';
import { patientsRepository } from '../patients/patients.repository.js';
import { notesRepository, slotsRepository } from '../schedule/schedule.repository.js';
import { servicesRepository } from '../services/services.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { auditRepository } from './audit.repository.js';

type Snapshot = Record<string, unknown>;
/** Never copied into the history: secrets, bookkeeping, and columns the database derives from recorded ones. */
const SECRET_FIELDS = new Set(['passwordHash', 'accountId', 'updatedAt', 'createdAt', 'searchText']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** field → {from, to} for the fields that differ (before or after may be absent). */
export function diff(before: Snapshot | null, after: Snapshot | null): Record<string, { from: unknown; to: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (SECRET_FIELDS.has(key) || key === 'id') continue;
    const from = plain(before?.[key] ?? null);
    const to = plain(after?.[key] ?? null);
    if (!same(from, to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * The records history is kept of, each looked up in the account. A record of the account without
 * history (seeded, or older than its history) has an empty one; an id the account does not have
 * is not found (404), as another account's id in a path is. A Map, not an object: the type comes
 * from the query, and `toString` or `__proto__` must be an unknown type (404) like any other.
 */
const RECORDS = new Map<string, { findById(ex: Executor, scope: Scope, id: string): Promise<unknown> }>([
  ['client', clientsRepository],
  ['patient', patientsRepository],
  ['prescription', prescriptionsRepository],
  ['vaccination', vaccinationsRepository],
  ['contact', contactsRepository],
  ['document', documentsRepository],
  ['service', servicesRepository],
  ['scheduleSlot', slotsRepository],
  ['scheduleNote', notesRepository],
  ['addOnCategory', addOnCategoriesRepository],
  ['addOn', addOnsRepository],
  ['appointment', appointmentsRepository],
  ['appointmentAddOn', { findById: appointmentsRepository.findAttachedAddOn }],
]);

/** Actions that change a record in place: without a changed field they did nothing. */
const CHANGES = new Set<AuditAction>(['update', 'archive', 'restore']);

export interface AuditEntry {
  entityType: string;
  entityId: string;
  action: AuditAction;
  before?: Snapshot | null;
  after?: Snapshot | null;
}

export class AuditService {
  constructor(private readonly db: Db) {}

  /** Records entries in the caller's transaction, so history and change commit together. */
  /** History of a change: by the signed-in user, or by no one (a public form). */
  async record(ex: Executor, auth: Caller, entries: AuditEntry[]): Promise<void> {
    const actor = auth.userId === null ? undefined : await usersRepository.findSignedIn(ex, auth);
    const actorName = actor ? `${actor.firstName} ${actor.lastName}` : null;
    await auditRepository.insert(
      ex,
      auth,
      entries
        .map((e) => ({
          entityType: e.entityType,
          entityId: e.entityId,
          action: e.action,
          actorId: auth.userId,
          actorName,
          changes: diff(e.before ?? null, e.after ?? null),
        }))
        // A change that changed nothing (an update with the same values, archiving an archived record) is not history.
        .filter((e) => !CHANGES.has(e.action) || Object.keys(e.changes).length > 0),
    );
  }

  async history(auth: AuthContext, entityType: string, entityId: string): Promise<AuditEvent[]> {
    const rows = await auditRepository.history(this.db, auth, entityType, entityId);
    // A deleted record keeps its history; only an id with neither history nor a record here is unknown.
    if (rows.length === 0 && !(await RECORDS.get(entityType)?.findById(this.db, auth, entityId))) throw notFound();
    return rows.map((r) => ({
      id: String(r.id),
      entityType: r.entityType,
      entityId: r.entityId,
      action: r.action as AuditAction,
      actor: r.actorId ? { id: r.actorId, name: r.actorName ?? 'Unknown user' } : null,
      at: r.at.toISOString(),
      changes: r.changes,
    }));
  }
}
