// What other features use of care: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { careRepository, vaccinationsRepository } from './care.repository.js';
export type { VaccinationRow } from './care.repository.js';
export { vaccinations } from './care.table.js';
