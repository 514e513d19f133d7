import type { Db } from '../db/client.js';
import { AuditService } from '../features/audit/audit.service.js';
import { actorName } from '../features/users/users.service.js';
import { paymentTypesService } from '../features/payments/payment-types.service.js';
import { NewAccountsService } from '../features/subscriptions/new-accounts.service.js';
import { DomainEventBus } from '../platform/domain-events.js';

/**
 * Accounts made outside a running app (the demo and large seeds, the benchmarks): with the same
 * subscribers of 'account.created' as the container's, so a seeded account starts as one created
 * in the portal does (seed-accounts.test.ts compares the two).
 */
export function seedAccounts(db: Db): { accounts: NewAccountsService; events: DomainEventBus } {
  const events = new DomainEventBus(db);
  paymentTypesService(db, new AuditService(db, actorName), events);
  return { accounts: new NewAccountsService(db, events), events };
}
