import type { Database } from '../../db/client.js';
import { QueueWorker, type QueueSource, type QueueWorkerOptions } from '../../platform/queue-worker.js';
import { OUTBOX_CHANNEL } from '../../platform/outbox.repository.js';

/**
 * The outbox's worker: the platform's queue worker on the outbox (its source: OutboxDelivery, which
 * serves the product's mail and the locations' messages), woken by the outbox's NOTIFY channel.
 */
export function outboxWorker(
  source: QueueSource,
  opts: Omit<QueueWorkerOptions, 'listen'> & { listen?: Database['listen'] | undefined } = {},
): QueueWorker {
  const { listen, ...rest } = opts;
  return new QueueWorker(source, { ...rest, listen: listen && { channel: OUTBOX_CHANNEL, on: listen } });
}
