import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import {
  documentTemplateOps,
  emailTemplateOps,
  invoiceTemplateOps,
  noteTemplateOps,
  pdfTemplateOps,
  previewTemplate,
  renderEmailTemplate as renderEmailTemplateOp,
  renderSmsTemplate as renderSmsTemplateOp,
  smsTemplateOps,
} from '@willow/contracts';
import type {
  DocumentTemplate,
  EmailTemplate,
  InvoiceTemplate,
  NoteTemplate,
  PdfTemplate,
  RenderEmailTemplateInput,
  RenderedEmail,
  RenderedSms,
  RenderSmsTemplateInput,
  SmsTemplate,
  TemplateKind,
  TemplatePreview,
  TemplatePreviewInput,
} from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import type { CrudOps } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { templateKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The kinds edited on the template pages here (form templates have their own builder). */
export const EDITABLE_KINDS = ['invoice', 'document', 'email', 'pdf', 'note', 'sms'] as const satisfies readonly TemplateKind[];
export type EditableKind = (typeof EDITABLE_KINDS)[number];

export interface TemplateOf {
  invoice: InvoiceTemplate;
  document: DocumentTemplate;
  email: EmailTemplate;
  pdf: PdfTemplate;
  note: NoteTemplate;
  sms: SmsTemplate;
}

const hooksOf = <O extends CrudOps>(kind: EditableKind, ops: O) =>
  crudHooks({ ops, keys: { all: templateKeys.kind(kind), list: (query) => templateKeys.list(kind, query as object) } });

const HOOKS = {
  invoice: hooksOf('invoice', invoiceTemplateOps),
  document: hooksOf('document', documentTemplateOps),
  email: hooksOf('email', emailTemplateOps),
  pdf: hooksOf('pdf', pdfTemplateOps),
  note: hooksOf('note', noteTemplateOps),
  sms: hooksOf('sms', smsTemplateOps),
};

/*
 * The kinds' hooks differ only in their types; the pages treat the kinds alike, so these take the
 * kind and answer its template type. The body sent is the contract's (`{emailTemplateData}`, and
 * `{invoiceTemplateData, invoiceTemplateItems}` for invoices), built by the form (template-kinds).
 */
type ListHook = (query: { locationId?: string }, options: { enabled: boolean }) => UseQueryResult<unknown[], Error>;
type Body = Record<string, unknown>;

/** The location's templates of one kind (none asked for until a location is known). */
export function useTemplates<K extends EditableKind>(kind: K, locationId: string | null): UseQueryResult<TemplateOf[K][], Error> {
  const useList = HOOKS[kind].useList as unknown as ListHook;
  return useList({ locationId: locationId ?? undefined }, { enabled: Boolean(locationId) }) as UseQueryResult<TemplateOf[K][], Error>;
}

export function useCreateTemplate(kind: EditableKind): UseMutationResult<unknown, Error, Body> {
  return (HOOKS[kind].useCreate as unknown as () => UseMutationResult<unknown, Error, Body>)();
}

export function useUpdateTemplate(kind: EditableKind): UseMutationResult<unknown, Error, { id: string; data: Body }> {
  return (HOOKS[kind].useUpdate as unknown as () => UseMutationResult<unknown, Error, { id: string; data: Body }>)();
}

export function useDeleteTemplate(kind: EditableKind): UseMutationResult<unknown, Error, string> {
  return HOOKS[kind].useRemove();
}

/** How long the editor waits after the last key before asking for a preview. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The template as edited, rendered by the server with sample data, once typing pauses. The last
 * preview stays on screen while the next one is on its way.
 */
export function useTemplatePreview(kind: TemplateKind, parts: Record<string, string>, enabled = true): UseQueryResult<TemplatePreview, Error> {
  // Debounced as text: an object made afresh on every render would never settle.
  const settled = useDebouncedValue(JSON.stringify({ kind, parts }), PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: templateKeys.preview(JSON.parse(settled) as object),
    queryFn: ({ signal }) => api(previewTemplate, { body: { data: JSON.parse(settled) as TemplatePreviewInput }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A template filled in with a real record's data (a note template inserted into a note). */
export function renderTemplate(input: TemplatePreviewInput): Promise<TemplatePreview> {
  return api(previewTemplate, { body: { data: input } });
}

/** An email template filled by the server from the records in view: subject and body as plain text (0194). */
export function renderEmailTemplate(templateId: string, records: RenderEmailTemplateInput): Promise<RenderedEmail> {
  return api(renderEmailTemplateOp, { params: { id: templateId }, body: { data: records } });
}

/** An SMS template filled by the server for the client (and patient, appointment) in view: the body as plain text. */
export function renderSmsTemplate(templateId: string, records: RenderSmsTemplateInput): Promise<RenderedSms> {
  return api(renderSmsTemplateOp, { params: { id: templateId }, body: { data: records } });
}
