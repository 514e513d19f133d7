// What other features use of services: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { availableAt } from './availability.service.js';
export { availabilityRepository, serviceListOptions, servicesRepository } from './services.repository.js';
export type { ServiceRow } from './services.repository.js';
export { toService } from './services.service.js';
export { services } from './services.table.js';
