// What other features use of accounts: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { accountsRepository, tiersRepository } from './accounts.repository.js';
export type { AccountRow, TierRow } from './accounts.repository.js';
export { toAccount } from './accounts.service.js';
export type { AccountUsage } from './accounts.service.js';
export { accounts } from './accounts.table.js';
