import type { AuditAction, AuditEvent } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
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
 * How a type's records are looked up in the account: the owner's repository (anything with its
 * `findById`). A record of the account without history (seeded, or older than its history) has an
 * empty one; an id the account does not have is not found (404), as another account's id in a path is.
 */
export interface HistoryRecords {
  findById(ex: Executor, scope: Scope, id: string): Promise<unknown>;
}

/** The name history keeps for a signed-in user's change, as it is at the time (the users feature answers it). */
export type ActorName = (ex: Executor, actor: AuthContext) => Promise<string | null>;

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
  /**
   * The types history is kept of, each registered by the feature that writes it where its service
   * is built (the CRUD kit for every entity it serves), so audit knows no feature above it. A Map,
   * not an object: the type comes from the query, and `toString` or `__proto__` must be an unknown
   * type (404) like any other.
   */
  private readonly records = new Map<string, HistoryRecords>();

  constructor(
    private readonly db: Db,
    private readonly actorName: ActorName,
  ) {}

  /**
   * Keeps history of `entityType`, whose records `records` looks up. Registering a type again
   * with the same lookup changes nothing (several services of a feature write it); another lookup
   * for a registered type is two features claiming one name, refused when the app is built.
   */
  registerRecord(entityType: string, records: HistoryRecords): void {
    const known = this.records.get(entityType);
    if (known && known !== records) throw new Error(`History of '${entityType}' is already kept for other records`);
    this.records.set(entityType, records);
  }

  /** The types history is kept of. */
  recordTypes(): string[] {
    return [...this.records.keys()];
  }

  /**
   * History of a change, by the signed-in user or by no one (a public form), in the caller's
   * transaction, so history and change commit together. A type nobody registered is refused: its
   * records could not be looked up (one without history would answer 404), and the first test that
   * writes it says so.
   */
  async record(ex: Executor, auth: Caller, entries: AuditEntry[]): Promise<void> {
    const unknown = entries.find((e) => !this.records.has(e.entityType));
    if (unknown) throw new Error(`History of '${unknown.entityType}' is written, but no feature registered the type (AuditService.registerRecord)`);
    const actorName = auth.userId === null ? null : await this.actorName(ex, auth);
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
    if (rows.length === 0 && !(await this.records.get(entityType)?.findById(this.db, auth, entityId))) throw notFound();
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
