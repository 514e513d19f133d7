/**
 * The template kinds, their labels and pages: plain values with no zod, so the app's shell (which
 * lists the pages and menu entries before anyone signs in) loads no schemas (docs/decisions/0150).
 */
export const TEMPLATE_KINDS = ['invoice', 'document', 'email', 'pdf', 'form', 'note', 'sms'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_KIND_LABELS: Record<TemplateKind, string> = {
  invoice: 'Invoice',
  document: 'Document',
  email: 'Email',
  pdf: 'PDF',
  form: 'Form',
  note: 'Note',
  sms: 'SMS',
};
/** The pages (SPEC §2, Settings › Templates). */
export const TEMPLATE_ROUTES: Record<TemplateKind, string> = {
  invoice: '/invoiceTemplates',
  document: '/documentTemplates',
  email: '/emailTemplates',
  pdf: '/pdfTemplates',
  form: '/formTemplates',
  note: '/noteTemplates',
  sms: '/smsTemplates',
};
