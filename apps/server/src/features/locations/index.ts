// What other features use of locations: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export type { LocationLogoService } from './location-logo.service.js';
export { locationsRepository, speciesRepository } from './locations.repository.js';
export { assertLocation, assertLocationVisible, COMMON_SPECIES, giveStartingSpecies, locationOwnership } from './locations.service.js';
export { locations, species } from './locations.table.js';
