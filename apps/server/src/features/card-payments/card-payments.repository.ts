import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type NewRow, type Scope } from '../../platform/tenant-repository.js';
import { cardPaymentRequests } from './card-payments.table.js';

const requests = tenantRepository(cardPaymentRequests);
export type CardPaymentRequestRow = typeof cardPaymentRequests.$inferSelect;

export const cardPaymentRequestsRepository = {
  ...requests,

  /** Whether the client was ever asked for a card payment, whatever became of it (decision 0155). */
  anyOfClient: (ex: Executor, scope: Scope, clientId: string): Promise<boolean> => requests.exists(ex, scope, eq(cardPaymentRequests.clientId, clientId)),

  /** A row whose id is chosen beforehand: Stripe's session carries it in its metadata. */
  async insertWithId(ex: Executor, scope: Scope, id: string, values: NewRow<typeof cardPaymentRequests>): Promise<CardPaymentRequestRow> {
    return requests.insert(ex, scope, { ...values, id } as NewRow<typeof cardPaymentRequests>);
  },

  /** A client's, an invoice's or an estimate's requests, newest first. */
  async listFor(ex: Executor, scope: Scope, q: { clientId?: string | undefined; invoiceId?: string | undefined; estimateId?: string | undefined }) {
    return requests.list(ex, scope, {
      where: and(
        q.clientId ? eq(cardPaymentRequests.clientId, q.clientId) : undefined,
        q.invoiceId ? eq(cardPaymentRequests.invoiceId, q.invoiceId) : undefined,
        q.estimateId ? eq(cardPaymentRequests.estimateId, q.estimateId) : undefined,
      ),
      orderBy: [desc(cardPaymentRequests.createdAt), desc(cardPaymentRequests.id)],
    });
  },

  /** The request of a Checkout Session, held FOR UPDATE: both of Stripe's events for one payment wait on it. */
  async lockBySession(ex: Executor, scope: Scope, locationId: string, sessionId: string): Promise<CardPaymentRequestRow | undefined> {
    const [row] = await requests.list(ex, scope, {
      where: and(eq(cardPaymentRequests.stripeSessionId, sessionId), eq(cardPaymentRequests.locationId, locationId)),
      limit: 1,
      lock: 'update',
    });
    return row;
  },

  async lockById(ex: Executor, scope: Scope, locationId: string, id: string): Promise<CardPaymentRequestRow | undefined> {
    const [row] = await requests.list(ex, scope, {
      where: and(eq(cardPaymentRequests.id, id), eq(cardPaymentRequests.locationId, locationId)),
      limit: 1,
      lock: 'update',
    });
    return row;
  },

  /** Paid, with the payment recorded for it: whatever it was (a cancelled page may still have been paid). */
  async markPaid(ex: Executor, scope: Scope, id: string, paymentId: string): Promise<void> {
    await requests.updateWhere(ex, scope, eq(cardPaymentRequests.id, id), { status: 'paid', paymentId });
  },

  /** Open → cancelled in one conditional statement; answers whether it was still open. */
  async cancelIfOpen(ex: Executor, scope: Scope, id: string): Promise<CardPaymentRequestRow | undefined> {
    const changed = await requests.updateWhere(ex, scope, and(eq(cardPaymentRequests.id, id), eq(cardPaymentRequests.status, 'open')), { status: 'cancelled' });
    return changed > 0 ? requests.findById(ex, scope, id) : undefined;
  },
};
