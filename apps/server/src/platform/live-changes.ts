// What the pages hear of changes made elsewhere (decision 0189): the one place that decides what
// is announced on the live channel. Each change a domain event reports becomes topics and ids
// (contracts `live.ts`), NOTIFYed with the account in the change's own transaction, so a page
// hears of it exactly when it commits. The pages read the records again themselves.
import type { LiveChange } from '@willow/contracts';
import { chatConversationId } from '@willow/contracts';
import type { Executor } from '../db/client.js';
import type { Caller } from './access.js';
import type { DomainEventBus, DomainEventName, DomainEvents } from './domain-events.js';
import { liveChangesRepository } from './live-changes.repository.js';

/** A change as it travels through PostgreSQL: whose account it is, and what changed. */
export interface LiveNotice extends LiveChange {
  accountId: string;
}

type Allocations = DomainEvents['payment.recorded']['allocations'];
const allocated = (allocations: Allocations): LiveChange[] =>
  allocations.flatMap((a) => [...(a.invoiceId ? [{ topic: 'invoice' as const, id: a.invoiceId }] : []), ...(a.estimateId ? [{ topic: 'estimate' as const, id: a.estimateId }] : [])]);

/** What each event announces. A new event that moves money gets its line here. */
const ANNOUNCED: { [K in DomainEventName]?: (event: DomainEvents[K]) => LiveChange[] } = {
  'payment.recorded': (e) => [{ topic: 'payment', id: e.paymentId }, ...(e.refundOfPaymentId ? [{ topic: 'payment' as const, id: e.refundOfPaymentId }] : []), ...allocated(e.allocations), { topic: 'clientBalance', id: e.clientId }],
  'payment.removed': (e) => [{ topic: 'payment', id: e.paymentId }, ...allocated(e.allocations), { topic: 'clientBalance', id: e.clientId }],
  'credit.allocated': (e) => [{ topic: 'invoice', id: e.invoiceId }, ...e.paymentIds.map((id) => ({ topic: 'payment' as const, id })), { topic: 'clientBalance', id: e.clientId }],
  // A credit note changes what its invoice owes.
  'invoice.finalised': (e) => [{ topic: 'invoice', id: e.invoiceId }, ...(e.creditedInvoiceId ? [{ topic: 'invoice' as const, id: e.creditedInvoiceId }] : []), { topic: 'clientBalance', id: e.clientId }],
  'invoice.voided': (e) => [{ topic: 'invoice', id: e.invoiceId }, { topic: 'clientBalance', id: e.clientId }],
  // SMS chat: the conversation a text arrived in or changed in (its list item, its messages, the badge).
  'message.received': (e) => [{ topic: 'chat', id: chatConversationId({ locationId: e.locationId, clientId: e.clientId, phone: e.from }) }],
  'sms.changed': (e) => [{ topic: 'chat', id: chatConversationId(e) }],
  // the lists and the badge of my open tasks
  'task.changed': (e) => [{ topic: 'task', id: e.taskId }],
  // the three queues, the menu's badges and the automations' pending counts
  'automationItem.changed': (e) => e.itemIds.map((id) => ({ topic: 'automationQueue' as const, id })),
};

/** The payloads of one event's changes, each at most once. */
export function livePayloads(accountId: string, changes: readonly LiveChange[]): string[] {
  return [...new Set(changes.map((c) => JSON.stringify({ accountId, topic: c.topic, id: c.id } satisfies LiveNotice)))];
}

/** Announces the changes of `events` in the transaction that publishes them (the container calls it once). */
export function announceLiveChanges(events: DomainEventBus): void {
  for (const [event, changesOf] of Object.entries(ANNOUNCED) as [DomainEventName, (e: unknown) => LiveChange[]][]) {
    events.on(event, 'live-changes', async (tx: Executor, caller: Caller, payload) => {
      await liveChangesRepository.notify(tx, livePayloads(caller.accountId, changesOf(payload)));
    });
  }
}
