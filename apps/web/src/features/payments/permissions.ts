import type { Permission } from '@willow/contracts';

/** Who changes the account's payment types (decision 0114): the contract's paymentTypeOps.create access. */
export const PAYMENT_TYPE_PERMISSIONS: readonly Permission[] = ['account.manage', 'locations.manage'];
