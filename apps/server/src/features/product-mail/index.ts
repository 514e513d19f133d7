// What other features use of product-mail: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { productMessagesRepository } from './product-mail.repository.js';
export type { ProductMessageRow } from './product-mail.repository.js';
export { EmailNotSetUpError } from './product-mail.service.js';
export type { ProductMail, ProductMailer } from './product-mail.service.js';
