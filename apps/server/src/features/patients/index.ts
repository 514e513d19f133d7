// What other features use of patients: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { patientsRepository } from './patients.repository.js';
export type { PatientRow } from './patients.repository.js';
export { patients } from './patients.table.js';
