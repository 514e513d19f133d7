// Makes a client's document from a document template (decision 0098): the template's Markdown
// filled with the merge fields of the client's (patient's, appointment's) real records by the
// template engine, printed by the PDF renderer on the template's PDF page (letterhead, logo,
// footer, page numbers) or a plain page, and kept as the client's (and patient's) document.
// Security: every id is read through the account's scope (another account's template is not
// found; its client, patient or appointment a 400 naming the field or a 404), and the template runs
// only in the template engine, which reaches no file and no address.
import { MERGE_FIELD_GROUPS, TEMPLATE_MERGE_GROUPS, type Document, type GenerateDocumentInput } from '@willow/contracts';
import type { z } from 'zod';
import type { GenerateDocumentInput as GenerateDocumentSchema } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { markdownToPdfContent, renderPdf, type PdfPage } from '../../platform/pdf-renderer.js';
import { renderTemplate, TemplateRenderError } from '../../platform/template-engine.js';
import { appointmentsRepository } from '../appointments/index.js';
import { clientsRepository } from '../clients/index.js';
import type { LocationLogoService } from '../locations/index.js';
import type { DocumentsService } from '../documents/index.js';
import type { MergeContext, MergeContextService } from './merge-context.service.js';
import { documentTemplatesRepository, pdfTemplatesRepository } from './templates.repository.js';

export const GENERATE_MESSAGES = {
  otherLocation: "clientId: is a client of another location than the template's",
  appointmentOfAnotherClient: 'appointmentId: is not an appointment of this client',
  cannotFill: 'The template could not be filled in',
} as const;

type Input = z.output<typeof GenerateDocumentSchema>;
export type { GenerateDocumentInput };

/** A plain page: what a template without a PDF page is printed on. */
const PLAIN_PAGE: PdfPage = { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: true };

export class DocumentGenerationService {
  constructor(
    private readonly db: Db,
    private readonly deps: { documents: DocumentsService; mergeContext: MergeContextService; logos: LocationLogoService },
  ) {}

  async generate(auth: AuthContext, templateId: string, input: Input): Promise<Document> {
    const template = await documentTemplatesRepository.findById(this.db, auth, templateId);
    if (!template) throw notFound();
    const client = await clientsRepository.findById(this.db, auth, input.clientId);
    if (!client) throw badRequest('clientId: unknown client');
    if (client.locationId !== template.locationId) throw badRequest(GENERATE_MESSAGES.otherLocation);
    if (input.appointmentId) {
      const appointment = await appointmentsRepository.findById(this.db, auth, input.appointmentId);
      if (!appointment) throw notFound();
      if (appointment.clientId !== client.id) throw badRequest(GENERATE_MESSAGES.appointmentOfAnotherClient);
    }
    // The merge context checks the patient is the client's (400 naming patientId).
    const data = completeGroups(
      await this.deps.mergeContext.build(auth, 'document', {
        locationId: template.locationId,
        clientId: client.id,
        patientId: input.patientId ?? undefined,
        appointmentId: input.appointmentId ?? undefined,
        staffUserId: auth.userId,
      }),
    );
    const pdfTemplate = template.pdfTemplateId ? await pdfTemplatesRepository.findById(this.db, auth, template.pdfTemplateId) : undefined;
    const [body, header, footer, logo] = await Promise.all([
      fill(template.body, data),
      pdfTemplate?.header ? fill(pdfTemplate.header, data) : undefined,
      pdfTemplate?.footer ? fill(pdfTemplate.footer, data) : undefined,
      pdfTemplate?.showLogo ? this.deps.logos.find(auth, template.locationId) : undefined,
    ]);
    const page: PdfPage = pdfTemplate
      ? {
          pageSize: pdfTemplate.pageSize === 'A4' ? 'A4' : 'LETTER',
          orientation: pdfTemplate.orientation === 'landscape' ? 'landscape' : 'portrait',
          showPageNumbers: pdfTemplate.showPageNumbers,
          ...(header && { header }),
          ...(footer && { footer }),
          ...(logo && { logo }),
        }
      : PLAIN_PAGE;
    const clientName = `${client.firstName} ${client.lastName}`.trim();
    const title = `${template.name} - ${clientName}`;
    const pdf = await renderPdf({ page, title, titleHeading: false, content: markdownToPdfContent(body) });
    return this.deps.documents.store(
      auth,
      { clientId: client.id, patientId: input.patientId ?? null, description: template.name },
      { fileName: `${title}.pdf`, contentType: 'application/pdf', data: pdf },
    );
  }
}

/** Every field of every group a document offers: a group no record fills reads as empty text. */
function completeGroups(context: MergeContext): MergeContext {
  const data: MergeContext = {};
  for (const group of TEMPLATE_MERGE_GROUPS.document) {
    const empty = Object.fromEntries(Object.keys(MERGE_FIELD_GROUPS[group].fields).map((f) => [f, '']));
    data[group] = { ...empty, ...context[group] };
  }
  return data;
}

/**
 * The template's Markdown with its merge fields filled, each value Markdown-escaped (it prints as
 * written, never as a link or a tag); a template that cannot run is the template's fault (422).
 */
async function fill(source: string, data: MergeContext): Promise<string> {
  try {
    return await renderTemplate(source, data, { markdown: true });
  } catch (err) {
    if (err instanceof TemplateRenderError) {
      throw new HttpError(422, `${GENERATE_MESSAGES.cannotFill}: ${err.message}${err.line ? ` (line ${err.line})` : ''}`);
    }
    throw err;
  }
}
