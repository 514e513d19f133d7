import type { Db } from '../db/client.js';
import { accountsRepository, tiersRepository } from '../features/accounts/accounts.repository.js';
import { paymentTypesRepository } from '../features/payments/payments.repository.js';
import { speciesRepository } from '../features/locations/locations.repository.js';
import { systemRolesRepository } from '../features/roles/roles.repository.js';
import { SUPER_ADMINISTRATOR } from '../features/roles/roles.service.js';

/** Limits chosen per tier (docs/decisions/0006-subscription-tiers.md); null means unlimited. */
export const DEFAULT_TIERS = [
  { key: 'free', name: 'Free', maxUsers: 2, maxLocations: 1 },
  { key: 'basic', name: 'Basic', maxUsers: 10, maxLocations: 3 },
  { key: 'premium', name: 'Premium', maxUsers: null, maxLocations: null },
];

export const SPECIES = [
  'Bird',
  'Cat',
  'Cow',
  'Dog',
  'Ferret',
  'Fish',
  'Goat',
  'Guinea Pig',
  'Hamster',
  'Horse',
  'Pig',
  'Rabbit',
  'Reptile',
  'Sheep',
];

/** What every installation needs, demo or not. Idempotent: runs at every start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await tiersRepository.insertMissing(db, DEFAULT_TIERS);
  await speciesRepository.insertMissing(db, SPECIES);
  if (!(await systemRolesRepository.findByName(db, SUPER_ADMINISTRATOR))) {
    await systemRolesRepository
      .insert(db, { name: SUPER_ADMINISTRATOR, permissions: ['system.admin'], predefined: true })
      .catch(() => undefined); // another server created it a moment ago
  }
}

/**
 * Accounts made before payment types existed get the defaults once (decision 0114); a new account
 * gets them when it is created. An account with any type of its own is left as it is.
 */
export async function ensureDefaultPaymentTypes(db: Db): Promise<void> {
  for (const account of await accountsRepository.list(db, {})) await paymentTypesRepository.ensureDefaults(db, { accountId: account.id });
}
