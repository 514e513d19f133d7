// Tier limits are enforced on the server, inside the writer's transaction ('location.adding',
// 'user.activating'): the account row is locked first, so two concurrent creations cannot both
// slip under the limit.
import { MESSAGES } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { notFound, paymentRequired } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { accountsRepository, tiersRepository } from '../accounts/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';

export type LimitedResource = 'activeUsers' | 'locations';

/** The subscription's limits refuse (402) a location or an active user past the account's tier. */
export function subscribeSubscriptionLimits(events: DomainEventBus): void {
  events.on('location.adding', 'subscription limits', (tx, scope) => assertCapacity(tx, scope, 'locations'));
  events.on('user.activating', 'subscription limits', (tx, scope) => assertCapacity(tx, scope, 'activeUsers'));
}

async function assertCapacity(ex: Executor, scope: Scope, resource: LimitedResource): Promise<void> {
  const account = await accountsRepository.lockById(ex, scope.accountId);
  if (!account) throw notFound();
  const tier = await tiersRepository.findByKey(ex, account.subscriptionTier);
  const limit = resource === 'activeUsers' ? tier?.maxUsers : tier?.maxLocations;
  if (limit === null || limit === undefined) return;
  const used =
    resource === 'activeUsers'
      ? await usersRepository.countActive(ex, scope)
      : await locationsRepository.count(ex, scope);
  if (used >= limit) throw paymentRequired(resource === 'activeUsers' ? MESSAGES.userLimit : MESSAGES.locationLimit);
}
