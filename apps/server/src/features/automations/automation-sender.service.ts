import type { AutomationKind, QueueItemStatus } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AutomationDelivery, DeliveryResult } from './automation-delivery.service.js';
import { automationItemsRepository, type ItemRow } from './automation-items.repository.js';

/** How long a sender holds the items it claimed before another may take them over. */
export const SEND_LEASE_MS = 5 * 60_000;
const BATCH = 50;

/**
 * The due-item sender (decision 0211), run by the scheduler every minute ('automations.send'):
 * claims scheduled items whose time has come across accounts (FOR UPDATE SKIP LOCKED, each held
 * for a lease, so senders in several app processes never take the same one), then delivers each in
 * a transaction of its own that locks it again and goes on only if it is still scheduled and still
 * held by this claim. The outbox's message (or the task) is written in that transaction with the
 * item marked sent, so an item is sent exactly when it commits: a sender dying mid-send leaves the
 * item scheduled, taken again when its lease ends, and never sent twice.
 */
export class AutomationSender {
  constructor(
    private readonly db: Db,
    private readonly delivery: AutomationDelivery,
    private readonly opts: { leaseMs?: number; batch?: number; onError?: (err: unknown, item: ItemRow) => void } = {},
  ) {}

  /** Sends what is due at `now`, batch after batch until none is left; answers what became of each. */
  async run(now: () => Date = () => new Date()): Promise<Partial<Record<DeliveryResult['status'], number>>> {
    const tally: Partial<Record<DeliveryResult['status'], number>> = {};
    const batch = this.opts.batch ?? BATCH;
    let failure: unknown;
    for (;;) {
      const claimed = await this.claim(now(), batch);
      for (const item of claimed) {
        try {
          const status = await this.sendOne(item);
          if (status) tally[status] = (tally[status] ?? 0) + 1;
        } catch (err) {
          // Left scheduled with its lease: taken again when the lease ends. The others go on; the
          // run then fails, so the scheduler logs it and keeps it on the schedule's row.
          this.opts.onError?.(err, item);
          failure ??= err;
        }
      }
      if (claimed.length < batch) break;
    }
    if (failure) throw new Error('An automation item could not be sent; it is tried again when its lease ends', { cause: failure });
    return tally;
  }

  /** Takes up to `limit` due items for this sender, for the lease. */
  claim(now: Date, limit: number): Promise<ItemRow[]> {
    return this.db.transaction((tx) => automationItemsRepository.claimDue(tx, now, this.opts.leaseMs ?? SEND_LEASE_MS, limit));
  }

  /** Delivers one claimed item, if it is still scheduled and still ours; answers what became of it. */
  async sendOne(claimed: ItemRow): Promise<DeliveryResult['status'] | undefined> {
    const scope = { accountId: claimed.accountId };
    return this.db.transaction(async (tx) => {
      const item = await automationItemsRepository.findOfKind(tx, scope, claimed.kind as AutomationKind, claimed.id, { lock: 'update' });
      // Sent or skipped by staff meanwhile, or taken over by another sender after the lease ended.
      if (!item || (item.status as QueueItemStatus) !== 'scheduled' || item.claimedUntil?.getTime() !== claimed.claimedUntil?.getTime()) return undefined;
      return (await this.delivery.deliver(tx, scope, item, null)).status;
    });
  }
}
