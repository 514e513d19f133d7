import type { ComponentType } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { z } from 'zod';
import {
  DocumentTemplateInput,
  EmailTemplateInput,
  InvoiceTemplateInput,
  InvoiceTemplateItemInput,
  NoteTemplateInput,
  PdfTemplateInput,
  SMS_TEMPLATE_TYPE_LABELS,
  SmsTemplateInput,
  TEMPLATE_OPS,
} from '@willow/contracts';
import { formatPrice } from '../services/service-format';
import { draftsFromItems, MAX_ITEMS, toItemInputs } from './invoice-items';
import { DocumentEditor, EmailEditor, InvoiceEditor, NoteEditor, PdfEditor, SmsEditor } from './template-editors';
import type {
  DocumentValues,
  EditorProps,
  EmailValues,
  InvoiceValues,
  NoteValues,
  PdfValues,
  SmsValues,
} from './template-editors';
import type { EditableKind, TemplateOf } from './templates.api';

/**
 * What the pages and the form need to know of one kind: its columns, its form values and how they
 * become the contract's body, the parts the preview renders, and its editor.
 */
export interface KindSpec<K extends EditableKind, V extends object> {
  kind: K;
  /** the page's title and the menu's label */
  title: string;
  /** 'New email template' */
  newLabel: string;
  noRows: string;
  columns: GridColDef<TemplateOf[K]>[];
  blank: () => V;
  fromTemplate: (template: TemplateOf[K]) => V;
  /** checks what `input` makes (with the locationId): the contract's header, plus `items` for invoices */
  schema: z.ZodType;
  input: (values: V, locationId: string) => Record<string, unknown>;
  /** the text parts the preview renders, with their labels */
  previewParts: readonly (readonly [string, string])[];
  partsOf: (values: V) => Record<string, string>;
  Editor: ComponentType<EditorProps<V>>;
  maxWidth: 'sm' | 'md';
}

const updated: GridColDef<{ updatedAt: string }> = {
  field: 'updatedAt',
  headerName: 'Updated',
  width: 170,
  valueFormatter: (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};
const nameColumn = { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 } as const;
/** The first line of a long text, for a column. */
const firstLine = (text: string) => text.split('\n').find((l) => l.trim())?.trim() ?? '';

const emailSpec: KindSpec<'email', EmailValues> = {
  kind: 'email',
  title: 'Email Templates',
  newLabel: 'New email template',
  noRows: 'No email templates yet',
  columns: [nameColumn, { field: 'subject', headerName: 'Subject', flex: 1, minWidth: 200 }, updated as GridColDef],
  blank: () => ({ name: '', subject: '', body: '' }),
  fromTemplate: (t) => ({ name: t.name, subject: t.subject, body: t.body }),
  schema: EmailTemplateInput,
  input: (v, locationId) => ({ locationId, name: v.name, subject: v.subject, body: v.body }),
  previewParts: [
    ['subject', 'Subject'],
    ['body', 'Body'],
  ],
  partsOf: (v) => ({ subject: v.subject, body: v.body }),
  Editor: EmailEditor,
  maxWidth: 'md',
};

const smsSpec: KindSpec<'sms', SmsValues> = {
  kind: 'sms',
  title: 'SMS Templates',
  newLabel: 'New SMS template',
  noRows: 'No SMS templates yet',
  columns: [
    nameColumn,
    { field: 'type', headerName: 'Type', width: 190, valueFormatter: (value: SmsValues['type']) => SMS_TEMPLATE_TYPE_LABELS[value] },
    { field: 'body', headerName: 'Message', flex: 1, minWidth: 220, valueGetter: (_v, row) => firstLine(row.body) },
    updated as GridColDef,
  ],
  blank: () => ({ name: '', type: 'general', body: '' }),
  fromTemplate: (t) => ({ name: t.name, type: t.type, body: t.body }),
  schema: SmsTemplateInput,
  input: (v, locationId) => ({ locationId, name: v.name, type: v.type, body: v.body }),
  previewParts: [['body', 'Message']],
  partsOf: (v) => ({ body: v.body }),
  Editor: SmsEditor,
  maxWidth: 'md',
};

const noteSpec: KindSpec<'note', NoteValues> = {
  kind: 'note',
  title: 'Note Templates',
  newLabel: 'New note template',
  noRows: 'No note templates yet',
  columns: [nameColumn, { field: 'body', headerName: 'Text', flex: 2, minWidth: 220, valueGetter: (_v, row) => firstLine(row.body) }, updated as GridColDef],
  blank: () => ({ name: '', body: '' }),
  fromTemplate: (t) => ({ name: t.name, body: t.body }),
  schema: NoteTemplateInput,
  input: (v, locationId) => ({ locationId, name: v.name, body: v.body }),
  previewParts: [['body', 'Text']],
  partsOf: (v) => ({ body: v.body }),
  Editor: NoteEditor,
  maxWidth: 'md',
};

const documentSpec: KindSpec<'document', DocumentValues> = {
  kind: 'document',
  title: 'Document Templates',
  newLabel: 'New document template',
  noRows: 'No document templates yet',
  columns: [nameColumn, updated as GridColDef],
  blank: () => ({ name: '', body: '', pdfTemplateId: '' }),
  fromTemplate: (t) => ({ name: t.name, body: t.body, pdfTemplateId: t.pdfTemplateId ?? '' }),
  schema: DocumentTemplateInput,
  input: (v, locationId) => ({ locationId, name: v.name, body: v.body, pdfTemplateId: v.pdfTemplateId || null }),
  previewParts: [['body', 'Body']],
  partsOf: (v) => ({ body: v.body }),
  Editor: DocumentEditor,
  maxWidth: 'md',
};

const pdfSpec: KindSpec<'pdf', PdfValues> = {
  kind: 'pdf',
  title: 'PDF Templates',
  newLabel: 'New PDF template',
  noRows: 'No PDF templates yet',
  columns: [
    nameColumn,
    { field: 'pageSize', headerName: 'Page', width: 110 },
    { field: 'orientation', headerName: 'Orientation', width: 120 },
    updated as GridColDef,
  ],
  blank: () => ({ name: '', pageSize: 'LETTER', orientation: 'portrait', header: '', footer: '', showLogo: true, showPageNumbers: true }),
  fromTemplate: (t) => ({
    name: t.name,
    pageSize: t.pageSize,
    orientation: t.orientation,
    header: t.header,
    footer: t.footer,
    showLogo: t.showLogo,
    showPageNumbers: t.showPageNumbers,
  }),
  schema: PdfTemplateInput,
  input: (v, locationId) => ({ locationId, ...v }),
  previewParts: [
    ['header', 'Header'],
    ['footer', 'Footer'],
  ],
  partsOf: (v) => ({ header: v.header, footer: v.footer }),
  Editor: PdfEditor,
  maxWidth: 'md',
};

/** The header and its lines checked together, the lines' errors under 'items.<i>.<field>'. */
const InvoiceForm = InvoiceTemplateInput.extend({
  items: z.array(InvoiceTemplateItemInput).max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
});

const invoiceSpec: KindSpec<'invoice', InvoiceValues> = {
  kind: 'invoice',
  title: 'Invoice Templates',
  newLabel: 'New invoice template',
  noRows: 'No invoice templates yet',
  columns: [
    nameColumn,
    { field: 'items', headerName: 'Items', width: 90, type: 'number', valueGetter: (_v, row) => row.items.length },
    {
      field: 'total',
      headerName: 'Total',
      width: 120,
      type: 'number',
      valueGetter: (_v, row) => row.items.reduce((sum, i) => sum + Math.round(i.quantity * i.unitPrice), 0),
      valueFormatter: (cents: number) => formatPrice(cents / 100),
    },
    updated as GridColDef,
  ],
  blank: () => ({ name: '', pdfTemplateId: '', notes: '', items: [] }),
  fromTemplate: (t) => ({ name: t.name, pdfTemplateId: t.pdfTemplateId ?? '', notes: t.notes, items: draftsFromItems(t.items) }),
  schema: InvoiceForm,
  input: (v, locationId) => ({ locationId, name: v.name, notes: v.notes, pdfTemplateId: v.pdfTemplateId || null, items: toItemInputs(v.items) }),
  previewParts: [['notes', 'Notes']],
  partsOf: (v) => ({ notes: v.notes }),
  Editor: InvoiceEditor,
  maxWidth: 'md',
};

export const KIND_SPECS: { [K in EditableKind]: KindSpec<K, any> } = {
  invoice: invoiceSpec,
  document: documentSpec,
  email: emailSpec,
  pdf: pdfSpec,
  note: noteSpec,
  sms: smsSpec,
};

/**
 * The contract's body of a save: the header under the kind's wrapper (`{emailTemplateData}`), an
 * invoice's lines beside it (`invoiceTemplateItems`). An edit keeps its location.
 */
export function bodyOf(kind: EditableKind, checked: Record<string, unknown>, editing: boolean): Record<string, unknown> {
  const { data: wrapper, items: itemsKey } = TEMPLATE_OPS[kind].body;
  const { items, locationId, ...header } = checked;
  const body: Record<string, unknown> = { [wrapper]: editing ? header : { locationId, ...header } };
  if (itemsKey) body[itemsKey] = items ?? [];
  return body;
}

/**
 * A refused save's field errors in the form's names: the server names fields by the body's path
 * (`emailTemplateData.body: …`, `invoiceTemplateItems.2.unitPrice: …`) or by the field alone.
 */
export function formFieldErrors(kind: EditableKind, placed: Record<string, string> | null): Record<string, string> | null {
  if (!placed) return null;
  const { data: wrapper, items: itemsKey } = TEMPLATE_OPS[kind].body;
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(placed)) {
    let field = key;
    if (field.startsWith(`${wrapper}.`)) field = field.slice(wrapper.length + 1);
    else if (itemsKey && (field === itemsKey || field.startsWith(`${itemsKey}.`))) field = `items${field.slice(itemsKey.length)}`;
    if (field === wrapper) continue;
    result[field] = message;
  }
  return Object.keys(result).length ? result : null;
}
