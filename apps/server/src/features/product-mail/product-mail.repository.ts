import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { claimSet, dueRows, noticeOutbox, type Settlement } from '../../platform/outbox.repository.js';
import { productMessages } from './product-mail.table.js';

export type ProductMessageRow = typeof productMessages.$inferSelect;

/** The product's own mail: outside every account (docs/decisions/0071). */
export const productMessagesRepository = {
  async enqueue(ex: Executor, values: Omit<typeof productMessages.$inferInsert, 'id'>): Promise<ProductMessageRow> {
    const [row] = await ex.insert(productMessages).values(values).returning();
    await noticeOutbox(ex);
    return row!;
  },

  /** Takes up to `limit` due messages for one worker, for `leaseMs`. */
  async claim(ex: Executor, now: Date, leaseMs: number, limit: number): Promise<ProductMessageRow[]> {
    const due = ex
      .select({ id: productMessages.id })
      .from(productMessages)
      .where(dueRows(productMessages, now))
      .orderBy(productMessages.dueAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return ex
      .update(productMessages)
      .set(claimSet(now, leaseMs) as never)
      // read once, as an init plan (see acrossAccounts.claim)
      .where(sql`${productMessages.id} = any(array(${due}))`)
      .returning();
  },

  /** Writes a worker's result, only while the message is still held by that worker's claim; answers whether it was. */
  async settle(ex: Executor, id: string, claimToken: string, patch: Settlement): Promise<boolean> {
    const rows = await ex
      .update(productMessages)
      .set({ ...patch, ...(patch.state !== 'sending' && { claimToken: null }), updatedAt: new Date() })
      .where(and(eq(productMessages.id, id), eq(productMessages.claimToken, claimToken)))
      .returning({ id: productMessages.id });
    return rows.length > 0;
  },

  async nextDue(ex: Executor): Promise<Date | undefined> {
    const [row] = await ex
      .select({ dueAt: sql<Date>`min(${productMessages.dueAt})`.mapWith(productMessages.dueAt) })
      .from(productMessages)
      .where(inArray(productMessages.state, ['queued', 'sending']));
    return row?.dueAt ?? undefined;
  },

  /**
   * Forgets the product's mail once it is done with and older than `before`: sign-in codes and
   * reset links are not kept in the database longer than they are of use.
   */
  async prune(ex: Executor, before: Date): Promise<void> {
    await ex.delete(productMessages).where(and(notInArray(productMessages.state, ['queued', 'sending']), lt(productMessages.updatedAt, before)));
  },

  async findById(ex: Executor, id: string): Promise<ProductMessageRow | undefined> {
    const [row] = await ex.select().from(productMessages).where(eq(productMessages.id, id));
    return row;
  },
};
