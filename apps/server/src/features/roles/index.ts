// What other features use of roles: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { rolesRepository } from './roles.repository.js';
export { createPredefinedRoles } from './roles.service.js';
export { roles, systemRoles } from './roles.table.js';
