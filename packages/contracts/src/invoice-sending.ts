import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { IdParams, idField, messageField, wrapped } from './rules.js';

/** An invoice leaving the portal: emailed to the client as a PDF, or the PDF itself. */
export const EmailInvoiceInput = z.object({
  /** the client's email when not given */
  to: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')).optional(),
  /** the email's text; a plain note when not given */
  emailTemplateId: idField().nullable().default(null),
  /**
   * What the person wrote (perhaps started from a template): sent as written, in plain text; the
   * product's own words for a part left out. Not with emailTemplateId.
   */
  subject: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  message: messageField().optional(),
}).refine((v) => !(v.emailTemplateId && (v.subject !== undefined || v.message !== undefined)), {
  path: ['emailTemplateId'],
  message: 'give a template or the text to send, not both',
});
export const emailInvoice = operation({
  method: 'POST',
  path: '/api/invoice/{id}/email',
  access: authenticated,
  tag: 'invoices',
  summary: 'Email the invoice as a PDF (from its invoice template and PDF page) to the client',
  params: IdParams,
  body: wrapped(EmailInvoiceInput),
  response: z.object({ ok: z.literal(true), message: z.string() }),
});

/** The PDF itself (GET, answered as application/pdf). */
export const invoicePdf = operation({
  method: 'GET',
  path: '/api/invoice/{id}/pdf',
  access: authenticated,
  tag: 'invoices',
  summary: 'The invoice as a PDF',
  params: IdParams,
  response: z.unknown(),
});
