// What other features use of add-ons: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { addOnsRepository } from './add-ons.repository.js';
export { addOns } from './add-ons.table.js';
