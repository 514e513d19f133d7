import type { GridColDef } from '@mui/x-data-grid';
import { z } from 'zod';
import {
  DocumentTemplateInput,
  EmailTemplateInput,
  InvoiceTemplateInput,
  InvoiceTemplateItemInput,
  NoteTemplateInput,
  PDF_ORIENTATIONS,
  PDF_PAGE_SIZES,
  PdfTemplateInput,
  SMS_TEMPLATE_TYPE_LABELS,
  SMS_TEMPLATE_TYPES,
  SmsTemplateInput,
  TEMPLATE_KIND_LABELS,
  TEMPLATE_OPS,
} from '@willow/contracts';
import { formatPrice } from '../services/service-format';
import { draftsFromItems, MAX_ITEMS, toItemInputs, type ItemDraft } from './invoice-items';
import { MARKDOWN_HELP, type EditorDefinition } from './template-editors';
import type { EditableKind, TemplateOf } from './templates.api';

type Values = Record<string, unknown>;

/**
 * What the pages and the form need to know of one kind: its columns, its form values and how they
 * become the contract's body, the parts the preview renders, and its editor. Built by `kindSpec`
 * from the kind's row in KINDS below.
 */
export interface KindSpec<K extends EditableKind> {
  kind: K;
  /** the page's title and the menu's label */
  title: string;
  /** 'New email template' */
  newLabel: string;
  noRows: string;
  columns: GridColDef<TemplateOf[K]>[];
  blank: () => Values;
  fromTemplate: (template: TemplateOf[K]) => Values;
  /** checks what `input` makes (with the locationId): the contract's header, plus `items` for invoices */
  schema: z.ZodType;
  input: (values: Values, locationId: string) => Record<string, unknown>;
  /** the text parts the preview renders, with their labels */
  previewParts: readonly (readonly [string, string])[];
  partsOf: (values: Values) => Record<string, string>;
  editor: EditorDefinition;
  maxWidth: 'sm' | 'md';
}

/** What differs between the kinds; everything else in a KindSpec follows from it. */
interface KindDefinition<K extends EditableKind> {
  /** the form's values of a new template, in the order the body sends them */
  blank: Values;
  /** the columns between the name and the time it was updated */
  columns: GridColDef<TemplateOf[K]>[];
  schema: z.ZodType;
  editor: EditorDefinition;
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

/** The header and its lines checked together, the lines' errors under 'items.<i>.<field>'. */
const InvoiceForm = InvoiceTemplateInput.extend({
  items: z.array(InvoiceTemplateItemInput).max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
});

const PAGE_SIZE_LABELS: Record<(typeof PDF_PAGE_SIZES)[number], string> = { LETTER: 'Letter (8.5 × 11 in)', A4: 'A4 (210 × 297 mm)' };
const ORIENTATION_LABELS: Record<(typeof PDF_ORIENTATIONS)[number], string> = { portrait: 'Portrait', landscape: 'Landscape' };

/** The kinds, one row each. */
const KINDS: { [K in EditableKind]: KindDefinition<K> } = {
  invoice: {
    blank: { name: '', notes: '', pdfTemplateId: '', items: [] },
    columns: [
      { field: 'items', headerName: 'Items', width: 90, type: 'number', valueGetter: (_v, row) => row.items.length },
      {
        field: 'total',
        headerName: 'Total',
        width: 120,
        type: 'number',
        valueGetter: (_v, row) => row.items.reduce((sum, i) => sum + Math.round(i.quantity * i.unitPrice), 0),
        valueFormatter: (cents: number) => formatPrice(cents / 100),
      },
    ],
    schema: InvoiceForm,
    editor: {
      placeholder: 'e.g. Home euthanasia with private cremation',
      settings: ['pdfPage', 'items'],
      parts: [{ part: 'notes', label: 'Notes', primary: true, minRows: 3, helperText: `Printed under the items (payment terms, thanks). ${MARKDOWN_HELP}` }],
    },
  },
  document: {
    blank: { name: '', body: '', pdfTemplateId: '' },
    columns: [],
    schema: DocumentTemplateInput,
    editor: {
      placeholder: 'e.g. Certificate of cremation',
      settings: ['pdfPage'],
      parts: [{ part: 'body', label: 'Body', primary: true, required: true, minRows: 10, helperText: MARKDOWN_HELP }],
    },
  },
  email: {
    blank: { name: '', subject: '', body: '' },
    columns: [{ field: 'subject', headerName: 'Subject', flex: 1, minWidth: 200 }],
    schema: EmailTemplateInput,
    editor: {
      placeholder: 'e.g. Appointment reminder',
      parts: [
        { part: 'subject', label: 'Subject', required: true },
        { part: 'body', label: 'Body', primary: true, minRows: 8, helperText: MARKDOWN_HELP },
      ],
    },
  },
  pdf: {
    blank: { name: '', pageSize: 'LETTER', orientation: 'portrait', header: '', footer: '', showLogo: true, showPageNumbers: true },
    columns: [
      { field: 'pageSize', headerName: 'Page', width: 110 },
      { field: 'orientation', headerName: 'Orientation', width: 120 },
    ],
    schema: PdfTemplateInput,
    editor: {
      placeholder: 'e.g. Letterhead',
      settings: [
        {
          side: [
            { select: 'pageSize', label: 'Page size', options: PDF_PAGE_SIZES.map((s) => ({ value: s, label: PAGE_SIZE_LABELS[s] })) },
            { select: 'orientation', label: 'Orientation', options: PDF_ORIENTATIONS.map((o) => ({ value: o, label: ORIENTATION_LABELS[o] })) },
          ],
        },
      ],
      parts: [
        { part: 'header', label: 'Header', primary: true, minRows: 3, helperText: `Beside the logo on every page. ${MARKDOWN_HELP}` },
        { part: 'footer', label: 'Footer', minRows: 2 },
      ],
      after: [
        {
          switches: [
            ['showLogo', "Show the location's logo"],
            ['showPageNumbers', 'Page numbers'],
          ],
        },
      ],
    },
  },
  note: {
    blank: { name: '', body: '' },
    columns: [{ field: 'body', headerName: 'Text', flex: 2, minWidth: 220, valueGetter: (_v, row) => firstLine(row.body) }],
    schema: NoteTemplateInput,
    editor: {
      placeholder: 'e.g. Euthanasia visit',
      parts: [{ part: 'body', label: 'Text', primary: true, required: true, minRows: 8, helperText: 'Inserted into appointment and patient notes' }],
    },
  },
  sms: {
    blank: { name: '', type: 'general', body: '' },
    columns: [
      { field: 'type', headerName: 'Type', width: 190, valueFormatter: (value: (typeof SMS_TEMPLATE_TYPES)[number]) => SMS_TEMPLATE_TYPE_LABELS[value] },
      { field: 'body', headerName: 'Message', flex: 1, minWidth: 220, valueGetter: (_v, row) => firstLine(row.body) },
    ],
    schema: SmsTemplateInput,
    editor: {
      placeholder: 'e.g. Aftercare check-in',
      settings: [
        {
          select: 'type',
          label: 'Type',
          required: true,
          options: SMS_TEMPLATE_TYPES.map((t) => ({ value: t, label: SMS_TEMPLATE_TYPE_LABELS[t] })),
          helperText: 'What it is used for: reminders, aftercare texts, quick replies in the chat…',
        },
      ],
      parts: [{ part: 'body', label: 'Message', primary: true, required: true, minRows: 4, counted: true }],
    },
  },
};

/**
 * The fields whose form value is not the template's: no PDF page is '' in the form and null in the
 * contract; an invoice's lines are drafts (prices as typed) in the form.
 */
const CONVERTED: Record<string, { fromTemplate: (value: never) => unknown; toInput: (value: never) => unknown }> = {
  pdfTemplateId: { fromTemplate: (id: string | null) => id ?? '', toInput: (id: string) => id || null },
  items: { fromTemplate: draftsFromItems, toInput: (drafts: ItemDraft[]) => toItemInputs(drafts) },
};
const convert = (values: Values, keys: readonly string[], way: 'fromTemplate' | 'toInput'): Values =>
  Object.fromEntries(keys.map((key) => [key, CONVERTED[key] ? CONVERTED[key][way](values[key] as never) : values[key]]));

/** An acronym stays as it is in a sentence ('New SMS template'), a word is written small ('New email template'). */
const nounOf = (kind: EditableKind) => {
  const label = TEMPLATE_KIND_LABELS[kind];
  return label === label.toUpperCase() ? label : label.toLowerCase();
};

function kindSpec<K extends EditableKind>(kind: K): KindSpec<K> {
  const { blank, columns, schema, editor } = KINDS[kind] as KindDefinition<K>;
  const keys = Object.keys(blank);
  const previewParts = editor.parts.map((p) => [p.part, p.label] as const);
  return {
    kind,
    title: `${TEMPLATE_KIND_LABELS[kind]} Templates`,
    newLabel: `New ${nounOf(kind)} template`,
    noRows: `No ${nounOf(kind)} templates yet`,
    columns: [nameColumn, ...columns, updated as GridColDef],
    blank: () => structuredClone(blank),
    fromTemplate: (t) => convert(t as unknown as Values, keys, 'fromTemplate'),
    schema,
    input: (v, locationId) => ({ locationId, ...convert(v, keys, 'toInput') }),
    previewParts,
    partsOf: (v) => Object.fromEntries(previewParts.map(([part]) => [part, v[part] as string])),
    editor,
    maxWidth: 'md',
  };
}

export const KIND_SPECS: { [K in EditableKind]: KindSpec<K> } = {
  invoice: kindSpec('invoice'),
  document: kindSpec('document'),
  email: kindSpec('email'),
  pdf: kindSpec('pdf'),
  note: kindSpec('note'),
  sms: kindSpec('sms'),
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
