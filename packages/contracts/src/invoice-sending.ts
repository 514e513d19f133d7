import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { IdParams, idField, wrapped } from './rules.js';

/** An invoice leaving the portal: emailed to the client as a PDF, or the PDF itself. */
export const EmailInvoiceInput = z.object({
  /** the client's email when not given */
  to: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')).optional(),
  /** the email's text; a plain note when not given */
  emailTemplateId: idField().nullable().default(null),
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
