// The invoice as a PDF (platform/pdf-renderer.ts, decision 0098): printed on its PDF page (the
// invoice's, else its location's first, else a plain page) with the lines, discounts, tax, totals,
// what was paid and what is owed, in the account's currency. Emailing it keeps the PDF as the
// client's document and queues the email with it attached (the outbox reads the file when it
// delivers, decision 0099).
// Security: every id is read in the caller's account; header and footer are filled by the template
// engine only; the address is the caller's or the client's.
import {
  INTEGRATION_MESSAGES,
  INVOICE_MESSAGES,
  formatCents,
  invoiceNumberLabel,
  type EmailInvoiceInput,
  type Invoice,
} from '@willow/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import { markdownToPdfContent, renderPdf, type PdfPage } from '../../platform/pdf-renderer.js';
import { renderTemplate, TemplateRenderError } from '../../platform/template-engine.js';
import { renderEmailParts } from '../../platform/template-markdown.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { clientsRepository } from '../clients/index.js';
import type { CommunicationsService } from '../communications/index.js';
import type { DocumentsService } from '../documents/index.js';
import { type LocationLogoService, locationsRepository } from '../locations/index.js';
import { type InvoiceMergeData, type MergeContextService, emailTemplatesRepository, pdfTemplatesRepository, templateListOptions } from '../templates/index.js';
import { usersRepository } from '../users/index.js';
import type { InvoicesService } from './invoices.service.js';

const PLAIN_PAGE: PdfPage = { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: true };
const CANNOT_FILL = 'The template could not be filled in';

/** A template's text filled in; `render` is the template engine's call (Markdown parts escape their values). */
async function fill<T>(render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (err) {
    if (err instanceof TemplateRenderError) throw new HttpError(422, `${CANNOT_FILL}: ${err.message}${err.line ? ` (line ${err.line})` : ''}`);
    throw err;
  }
}

/** "24 November 2026" from "2026-11-24". */
const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** How a quantity is printed: 1, 2.5, 0.125. */
const quantityText = (q: number) => String(Number(q.toFixed(3)));

/**
 * An invoice's merge fields (a message about it): its number as the practice shows it, its date,
 * total and balance in its currency. The email below and the templates' render (decision 0194) use them.
 */
export function invoiceMergeFields(invoice: Invoice): Record<'number' | 'date' | 'total' | 'balance', string> {
  const money = (cents: number) => formatCents(cents, invoice.currency, 'en-US');
  return { number: invoiceNumberLabel(invoice.kind, invoice.number), date: longDate(invoice.issuedOn), total: money(invoice.total), balance: money(invoice.balance) };
}

export function invoiceTitle(invoice: Pick<Invoice, 'kind' | 'number' | 'status'>): string {
  const noun = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  return invoice.number == null ? `${noun} (draft)` : `${noun} ${invoiceNumberLabel(invoice.kind, invoice.number)}`;
}

/** The body of the invoice's PDF: who and when, the lines, the totals, the notes. */
export function invoiceContent(invoice: Invoice, locationName: string): Content {
  const money = (cents: number) => formatCents(cents, invoice.currency, 'en-US');
  const facts: [string, string][] = [
    ['Client', invoice.clientName],
    ...(invoice.patientName ? ([['Patient', invoice.patientName]] as [string, string][]) : []),
    ['Location', locationName],
    ['Date', longDate(invoice.issuedOn)],
    ...(invoice.dueOn ? ([['Due', longDate(invoice.dueOn)]] as [string, string][]) : []),
    ...(invoice.status === 'void' ? ([['Status', `Void${invoice.voidReason ? `: ${invoice.voidReason}` : ''}`]] as [string, string][]) : []),
  ];
  const header: TableCell[] = ['Description', 'Qty', 'Unit price', 'Discount', 'Tax', 'Amount'].map((text, i) => ({
    text,
    style: 'tableHeader',
    alignment: i === 0 ? 'left' : 'right',
  }));
  const rows: TableCell[][] = invoice.items.map((l) => [
    { text: l.description },
    { text: quantityText(l.quantity), alignment: 'right' },
    { text: money(l.unitPrice), alignment: 'right' },
    { text: l.lineDiscount + l.sharedDiscount ? money(l.lineDiscount + l.sharedDiscount) : '', alignment: 'right' },
    { text: l.taxName ? `${l.taxName} ${money(l.tax)}` : '', alignment: 'right' },
    { text: money(l.total - l.tax), alignment: 'right' },
  ]);
  const totals: [string, number, boolean?][] = [
    ['Subtotal', invoice.subtotal],
    ...(invoice.discount ? ([['Discounts', -invoice.discount]] as [string, number][]) : []),
    ['Tax', invoice.tax],
    ['Total', invoice.total, true],
    ...(invoice.kind === 'invoice' && invoice.status === 'finalised'
      ? ([
          ['Paid', invoice.paid],
          ...(invoice.credited ? ([['Credited', invoice.credited]] as [string, number][]) : []),
          ['Balance due', invoice.balance, true],
        ] as [string, number, boolean?][])
      : []),
  ];
  return [
    {
      table: { widths: ['auto', '*'], body: facts.map(([k, v]) => [{ text: k, bold: true }, { text: v }]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 14],
    },
    {
      table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body: [header, ...rows] },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 12],
    },
    {
      columns: [
        { width: '*', text: '' },
        {
          width: 'auto',
          table: {
            body: totals.map(([label, cents, strong]) => [
              { text: label, bold: Boolean(strong) },
              { text: money(cents), alignment: 'right', bold: Boolean(strong) },
            ]),
          },
          layout: 'noBorders',
        },
      ],
    },
    ...(invoice.notes.trim() ? [{ stack: [markdownToPdfContent(invoice.notes)], margin: [0, 16, 0, 0] } as Content] : []),
  ];
}

export class InvoicePdfService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      invoices: InvoicesService;
      documents: DocumentsService;
      communications: CommunicationsService;
      mergeContext: MergeContextService;
      logos: LocationLogoService;
    },
  ) {}

  private async page(scope: Scope, invoice: Invoice): Promise<PdfPage> {
    const chosen = invoice.pdfTemplateId ? await pdfTemplatesRepository.findById(this.db, scope, invoice.pdfTemplateId) : undefined;
    const template =
      chosen ?? (await pdfTemplatesRepository.list(this.db, scope, { ...templateListOptions(pdfTemplatesRepository.table, { locationId: invoice.locationId }), limit: 1 }))[0];
    if (!template) return PLAIN_PAGE;
    const data = template.header || template.footer ? await this.deps.mergeContext.build(scope, 'pdf', { locationId: invoice.locationId }) : {};
    const [header, footer, logo] = [
      template.header ? await fill(() => renderTemplate(template.header, data, { markdown: true })) : undefined,
      template.footer ? await fill(() => renderTemplate(template.footer, data, { markdown: true })) : undefined,
      template.showLogo ? await this.deps.logos.find(scope, invoice.locationId) : undefined,
    ];
    return {
      pageSize: template.pageSize === 'A4' ? 'A4' : 'LETTER',
      orientation: template.orientation === 'landscape' ? 'landscape' : 'portrait',
      showPageNumbers: template.showPageNumbers,
      ...(header && { header }),
      ...(footer && { footer }),
      ...(logo && { logo }),
    };
  }

  private async make(auth: AuthContext, invoice: Invoice): Promise<{ fileName: string; data: Buffer }> {
    const location = await locationsRepository.findById(this.db, auth, invoice.locationId);
    const title = invoiceTitle(invoice);
    const data = await renderPdf({ page: await this.page(auth, invoice), title, content: invoiceContent(invoice, location?.name ?? '') });
    return { fileName: `${title} - ${invoice.clientName}.pdf`, data };
  }

  async render(auth: AuthContext, id: string): Promise<{ fileName: string; data: Buffer }> {
    return this.make(auth, await this.deps.invoices.get(auth, id));
  }

  /** What a message about the invoice merges (the templates' render reads it through the container). */
  async mergeData(auth: AuthContext, id: string): Promise<InvoiceMergeData> {
    const invoice = await this.deps.invoices.get(auth, id);
    return { locationId: invoice.locationId, clientId: invoice.clientId, patientId: invoice.patientId, fields: invoiceMergeFields(invoice) };
  }

  /** Emails the invoice's PDF to the client (or `to`), kept as the client's document. */
  async email(auth: AuthContext, id: string, input: z.output<typeof EmailInvoiceInput>): Promise<{ ok: true; message: string }> {
    const invoice = await this.deps.invoices.get(auth, id);
    const client = await clientsRepository.findById(this.db, auth, invoice.clientId);
    if (!client) throw notFound();
    const to = input.to ?? client.email;
    if (!to) throw badRequest(INVOICE_MESSAGES.noClientEmail);
    const emailTemplate = input.emailTemplateId ? await emailTemplatesRepository.findById(this.db, auth, input.emailTemplateId) : undefined;
    if (input.emailTemplateId && !emailTemplate) throw notFound('emailTemplateId: unknown email template');
    if (!(await this.deps.communications.emailReady(auth, invoice.locationId))) throw conflict(INTEGRATION_MESSAGES.emailNotSetUp);
    const fields = invoiceMergeFields(invoice);
    const location = await locationsRepository.findById(this.db, auth, invoice.locationId);
    const practice = location?.name ?? 'your veterinary practice';
    // The invoice is named by its number as the practice shows it everywhere (INV-000042), never lowercased.
    let subject = `${invoiceTitle(invoice)} from ${practice}`;
    let body = `Dear ${client.firstName} ${client.lastName},\n\nPlease find your ${invoiceTitle(invoice)} attached (total ${fields.total}${
      invoice.kind === 'invoice' && invoice.status === 'finalised' ? `, balance due ${fields.balance}` : ''
    }).\n\nKind regards,\n${practice}`;
    let html: string | null = null;
    if (input.subject !== undefined || input.message !== undefined) {
      // What the person wrote (perhaps started from a template) goes out as they saw it: plain text (0194).
      subject = input.subject || subject;
      body = input.message || body;
    } else if (emailTemplate) {
      const data = await this.deps.mergeContext.build(auth, 'email', {
        locationId: invoice.locationId,
        clientId: invoice.clientId,
        patientId: invoice.patientId ?? undefined,
        staffUserId: auth.homeAccountId === auth.accountId ? auth.userId : null,
        invoice: fields,
      });
      // A template's email goes out as HTML (what the editor previews) with a plain-text part.
      const parts = await fill(() => renderEmailParts(emailTemplate, data));
      subject = parts.subject || subject;
      body = parts.text;
      html = parts.html;
    }
    const pdf = await this.make(auth, invoice);
    const document = await this.deps.documents.store(
      auth,
      { clientId: invoice.clientId, patientId: invoice.patientId, description: invoiceTitle(invoice) },
      { fileName: pdf.fileName, contentType: 'application/pdf', data: pdf.data },
    );
    const user = await usersRepository.findSignedIn(this.db, auth);
    await this.deps.communications.enqueue(this.db, auth, {
      locationId: invoice.locationId,
      clientId: invoice.clientId,
      channel: 'email',
      to,
      subject,
      body,
      html,
      sentBy: user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null,
      attachmentDocumentIds: [document.id],
    });
    return { ok: true, message: INVOICE_MESSAGES.emailSent };
  }
}
