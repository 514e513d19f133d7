// An email template filled from the records a person has in view, to start an email from
// (POST /api/emailTemplate/{id}/render, decision 0194): the web's "Start from a template" puts the
// subject and body in the fields, the person edits them and sends what they see.
// Security: the template and every record are read in the caller's account (404 otherwise), the
// records must belong together (400), and the answer is plain text: merged values as written,
// never markup, so what is sent is the text the person saw.
import { MERGE_FIELD_GROUPS, TEMPLATE_MERGE_GROUPS, type RenderEmailTemplateInput, type RenderedEmail } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { renderTemplate, TemplateRenderError } from '../../platform/template-engine.js';
import type { MergeContext, MergeContextService } from './merge-context.service.js';
import { emailTemplatesRepository } from './templates.repository.js';

/** What an invoice gives a message about it: its merge fields, formatted as the practice shows them, and the records it names. */
export interface InvoiceMergeData {
  locationId: string;
  clientId: string;
  patientId: string | null;
  fields: Record<'number' | 'date' | 'total' | 'balance', string>;
}
/**
 * Reads an invoice of the caller's account for the merge (404 when it has none). Invoices stand on
 * a higher floor than templates, so the container hands their reader in.
 */
export type InvoiceMergeReader = (auth: AuthContext, invoiceId: string) => Promise<InvoiceMergeData>;

export const INVOICE_OF_ANOTHER_CLIENT = 'invoiceId: is not an invoice of this client';

export class EmailRenderService {
  constructor(
    private readonly db: Db,
    private readonly merge: MergeContextService,
    private readonly invoices: InvoiceMergeReader,
  ) {}

  async render(auth: AuthContext, id: string, input: z.output<typeof RenderEmailTemplateInput>): Promise<RenderedEmail> {
    const template = await emailTemplatesRepository.findById(this.db, auth, id);
    if (!template) throw notFound();
    const invoice = input.invoiceId ? await this.invoices(auth, input.invoiceId) : undefined;
    if (invoice && invoice.clientId !== input.clientId) throw badRequest(INVOICE_OF_ANOTHER_CLIENT);
    const real = await this.merge.build(auth, 'email', {
      clientId: input.clientId,
      patientId: input.patientId ?? invoice?.patientId ?? undefined,
      appointmentId: input.appointmentId,
      locationId: invoice?.locationId,
      // someone helping from another account is not the practice's staff member
      staffUserId: auth.homeAccountId === auth.accountId ? auth.userId : null,
      invoice: invoice?.fields,
    });
    // A group no record fills is empty (a link not made yet, no invoice in view): never a sample.
    const data: MergeContext = {};
    for (const group of TEMPLATE_MERGE_GROUPS.email) {
      data[group] = real[group] ?? Object.fromEntries(Object.keys(MERGE_FIELD_GROUPS[group].fields).map((f) => [f, '']));
    }
    try {
      const subject = (await renderTemplate(template.subject, data, { maxOutput: 10_000 })).replace(/\s+/g, ' ').trim();
      return { subject, body: await renderTemplate(template.body, data) };
    } catch (err) {
      if (err instanceof TemplateRenderError) throw new HttpError(422, `The template could not be filled in: ${err.message}${err.line ? ` (line ${err.line})` : ''}`);
      throw err;
    }
  }
}
