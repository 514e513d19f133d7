import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { escapeLike } from '../../platform/like.js';
import { documents } from '../documents/documents.table.js';
import { contactMerges, contacts, type MovedReference } from './contacts.table.js';

const base = tenantRepository(contacts);
export type ContactRow = typeof contacts.$inferSelect;
export type ContactMergeRow = typeof contactMerges.$inferSelect;

/**
 * Every column that points at a contact. A merge moves each of them to the survivor (and an
 * undo moves them back), so a feature whose table references contacts adds its column here.
 */
interface ContactReference {
  name: string;
  table: PgTable;
  id: PgColumn;
  accountId: PgColumn;
  column: PgColumn;
  /** the column's property name in the Drizzle table */
  key: string;
}
export const CONTACT_REFERENCES: ContactReference[] = [
  { name: 'documents.contact_id', table: documents, id: documents.id, accountId: documents.accountId, column: documents.contactId, key: 'contactId' },
];

export const contactsRepository = {
  ...base,

  /** Live (not merged away) contacts. */
  async listLive(ex: Executor, scope: Scope, q: { search?: string | undefined; category?: string | undefined; clientId?: string | undefined }) {
    const term = q.search?.trim() ? `%${escapeLike(q.search.trim())}%` : undefined;
    return base.list(ex, scope, {
      where: and(
        isNull(contacts.mergedIntoId),
        q.category ? eq(contacts.category, q.category) : undefined,
        q.clientId ? eq(contacts.clientId, q.clientId) : undefined,
        term ? or(ilike(contacts.name, term), ilike(contacts.organisation, term), ilike(contacts.email, term), ilike(contacts.phone, term)) : undefined,
      ),
      orderBy: [asc(sql`lower(${contacts.name})`), asc(contacts.id)],
      limit: 2000,
    });
  },

  async byIds(ex: Executor, scope: Scope, ids: string[]): Promise<ContactRow[]> {
    return base.list(ex, scope, { where: inArray(contacts.id, ids) });
  },

  async setMergedInto(ex: Executor, scope: Scope, ids: string[], survivorId: string | null): Promise<void> {
    await ex
      .update(contacts)
      .set({ mergedIntoId: survivorId, updatedAt: new Date() })
      .where(base.scoped(scope, inArray(contacts.id, ids)));
  },

  /** Points every reference to `fromIds` at `toId`; answers what moved, and from where. */
  async moveReferences(ex: Executor, scope: Scope, fromIds: string[], toId: string): Promise<MovedReference[]> {
    const moved: MovedReference[] = [];
    for (const ref of CONTACT_REFERENCES) {
      const rows = (await ex
        .select({ id: ref.id, from: ref.column })
        .from(ref.table)
        .where(and(eq(ref.accountId, scope.accountId), inArray(ref.column, fromIds)))
        .for('update')) as { id: string; from: string }[];
      if (rows.length === 0) continue;
      await ex
        .update(ref.table)
        .set({ [ref.key]: toId } as never)
        .where(and(eq(ref.accountId, scope.accountId), inArray(ref.id, rows.map((r) => r.id))));
      moved.push(...rows.map((r) => ({ table: ref.name, column: ref.key, rowId: r.id, from: r.from })));
    }
    return moved;
  },

  /** Moves references back where a merge found them, unless they were changed since. */
  async restoreReferences(ex: Executor, scope: Scope, moved: MovedReference[], survivorId: string): Promise<void> {
    for (const m of moved) {
      const ref = CONTACT_REFERENCES.find((r) => r.name === m.table);
      if (!ref) continue;
      await ex
        .update(ref.table)
        .set({ [ref.key]: m.from } as never)
        .where(and(eq(ref.accountId, scope.accountId), eq(ref.id, m.rowId), eq(ref.column, survivorId)));
    }
  },

  async insertMerge(ex: Executor, scope: Scope, values: Omit<typeof contactMerges.$inferInsert, 'accountId' | 'id'>): Promise<ContactMergeRow> {
    const [row] = await ex
      .insert(contactMerges)
      .values({ ...values, accountId: scope.accountId })
      .returning();
    return row!;
  },

  async findMerge(ex: Executor, scope: Scope, id: string): Promise<ContactMergeRow | undefined> {
    const [row] = await ex
      .select()
      .from(contactMerges)
      .where(and(eq(contactMerges.accountId, scope.accountId), eq(contactMerges.id, id)))
      .for('update')
      .limit(1);
    return row;
  },

  async listMerges(ex: Executor, scope: Scope): Promise<ContactMergeRow[]> {
    return ex
      .select()
      .from(contactMerges)
      .where(eq(contactMerges.accountId, scope.accountId))
      .orderBy(desc(contactMerges.createdAt))
      .limit(50);
  },

  async markUndone(ex: Executor, scope: Scope, id: string): Promise<ContactMergeRow> {
    const [row] = await ex
      .update(contactMerges)
      .set({ undoneAt: new Date() })
      .where(and(eq(contactMerges.accountId, scope.accountId), eq(contactMerges.id, id)))
      .returning();
    return row!;
  },
};
