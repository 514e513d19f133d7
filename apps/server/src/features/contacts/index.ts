// What other features use of contacts: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { contactsRepository, referToContacts } from './contacts.repository.js';
export { contacts } from './contacts.table.js';
