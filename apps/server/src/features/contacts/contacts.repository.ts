import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { idIn, tenantRepository, type Scope, type TenantTable, type ListOptions } from '../../platform/tenant-repository.js';
import { escapeLike } from '../../platform/like.js';
import { contactMerges, contacts, type MovedReference } from './contacts.table.js';

const base = tenantRepository(contacts);
const merges = tenantRepository(contactMerges);
export type ContactRow = typeof contacts.$inferSelect;
export type ContactMergeRow = typeof contactMerges.$inferSelect;

/**
 * A column that points at a contact. A merge moves each of them to the survivor (and an undo
 * moves them back): a feature whose table references contacts registers its column with
 * `referToContacts` where its service is built (contact-references.test.ts finds every such
 * column in the schema and fails on one not registered).
 */
export interface ContactReference {
  name: string;
  table: TenantTable;
  column: PgColumn;
  /** the column's property name in the Drizzle table */
  key: string;
}
const CONTACT_REFERENCES: ContactReference[] = [];

/** Registers a column that points at a contact (once: a second registration of a name is the same column). */
export function referToContacts(ref: ContactReference): void {
  if (!CONTACT_REFERENCES.some((r) => r.name === ref.name)) CONTACT_REFERENCES.push(ref);
}

/** The columns registered as pointing at a contact. */
export const contactReferences = (): readonly ContactReference[] => CONTACT_REFERENCES;

export const contactsRepository = {
  ...base,

  /** Live (not merged away) contacts. */
  /** The contacts not merged away, optionally searched or filtered, by name. */
  liveListOptions(q: { search?: string | undefined; category?: string | undefined; clientId?: string | undefined }): ListOptions {
    const term = q.search?.trim() ? `%${escapeLike(q.search.trim())}%` : undefined;
    return {
      where: and(
        isNull(contacts.mergedIntoId),
        q.category ? eq(contacts.category, q.category) : undefined,
        q.clientId ? eq(contacts.clientId, q.clientId) : undefined,
        term
          ? or(ilike(contacts.name, term), ilike(contacts.organisation, term), ilike(contacts.email, term), ilike(contacts.phone, term))
          : undefined,
      ),
      orderBy: [asc(sql`lower(${contacts.name})`), asc(contacts.id)],
      limit: 2000,
    };
  },

  async byIds(ex: Executor, scope: Scope, ids: string[]): Promise<ContactRow[]> {
    return base.list(ex, scope, { where: idIn(contacts.id, ids) });
  },

  async setMergedInto(ex: Executor, scope: Scope, ids: string[], survivorId: string | null): Promise<void> {
    await base.updateWhere(ex, scope, idIn(contacts.id, ids), { mergedIntoId: survivorId });
  },

  /** Points every reference to `fromIds` at `toId`; answers what moved, and from where. */
  async moveReferences(ex: Executor, scope: Scope, fromIds: string[], toId: string): Promise<MovedReference[]> {
    const moved: MovedReference[] = [];
    for (const ref of CONTACT_REFERENCES) {
      const referencing = tenantRepository(ref.table);
      const rows = (await referencing.select(ex, scope, { id: ref.table.id, from: ref.column }, idIn(ref.column, fromIds)).for('update')) as {
        id: string;
        from: string;
      }[];
      if (rows.length === 0) continue;
      await referencing.updateWhere(
        ex,
        scope,
        inArray(
          ref.table.id,
          rows.map((r) => r.id),
        ),
        { [ref.key]: toId },
      );
      moved.push(...rows.map((r) => ({ table: ref.name, column: ref.key, rowId: r.id, from: r.from })));
    }
    return moved;
  },

  /** Moves references back where a merge found them, unless they were changed since. */
  async restoreReferences(ex: Executor, scope: Scope, moved: MovedReference[], survivorId: string): Promise<void> {
    for (const m of moved) {
      const ref = CONTACT_REFERENCES.find((r) => r.name === m.table);
      if (!ref) continue;
      await tenantRepository(ref.table).updateWhere(ex, scope, and(eq(ref.table.id, m.rowId), eq(ref.column, survivorId)), { [ref.key]: m.from });
    }
  },

  async insertMerge(ex: Executor, scope: Scope, values: Omit<typeof contactMerges.$inferInsert, 'accountId' | 'id'>): Promise<ContactMergeRow> {
    return merges.insert(ex, scope, values);
  },

  async findMerge(ex: Executor, scope: Scope, id: string): Promise<ContactMergeRow | undefined> {
    return merges.findById(ex, scope, id, { lock: 'update' });
  },

  async listMerges(ex: Executor, scope: Scope): Promise<ContactMergeRow[]> {
    return merges.list(ex, scope, { orderBy: [desc(contactMerges.createdAt)], limit: 50 });
  },

  async markUndone(ex: Executor, scope: Scope, id: string): Promise<ContactMergeRow> {
    return (await merges.update(ex, scope, id, { undoneAt: new Date() }))!;
  },
};
