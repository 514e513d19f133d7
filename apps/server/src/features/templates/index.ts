// What other features use of templates: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { formatLongDate } from './merge-context.service.js';
export type { MergeContextService } from './merge-context.service.js';
export type { InvoiceMergeData } from './email-render.service.js';
export { emailTemplatesRepository, findPdfTemplate, pdfTemplatesRepository, smsTemplatesRepository, smsTypeFilter, templateListOptions } from './templates.repository.js';
export { emailTemplates, smsTemplates } from './templates.table.js';
