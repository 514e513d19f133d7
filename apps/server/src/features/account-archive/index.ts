// What other features use of account-archive: they import it from here, never from its files
// (test/feature-layers.test.ts). Nothing yet: it sits on the top floor.
export type { AccountArchiveService } from './account-archive.service.js';
