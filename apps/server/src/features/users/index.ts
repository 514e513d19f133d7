// What other features use of users: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { roleHoldersRepository } from './role-holders.repository.js';
export { userRoles, userSystemRoles } from './role-holders.table.js';
export { usersRepository } from './users.repository.js';
export type { UserRow } from './users.repository.js';
export { assertStaff } from './users.service.js';
export type { UserInvitations, UserSignIns } from './users.service.js';
export { EMAIL_TAKEN_CONSTRAINT, userLocations, users } from './users.table.js';
