// What other features use of clients: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { clientOrder, clientsRepository } from './clients.repository.js';
export type { ClientListExtras, ClientRow } from './clients.repository.js';
export { clients } from './clients.table.js';
export { clientSearch } from './clients.repository.js';
