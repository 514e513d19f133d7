// What other features use of documents: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { documentsRepository } from './documents.repository.js';
export type { DocumentRow } from './documents.repository.js';
export { documentNotFound, safeFileName } from './documents.service.js';
export type { DocumentsService } from './documents.service.js';
