import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import {
  PDF_ORIENTATIONS,
  PDF_PAGE_SIZES,
  SMS_BODY_MAX,
  SMS_TEMPLATE_TYPE_LABELS,
  SMS_TEMPLATE_TYPES,
  smsSegments,
} from '@willow/contracts';
import type { SmsTemplateType, TemplateKind } from '@willow/contracts';
import { SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { InvoiceItemsEditor } from './invoice-items-editor';
import type { ItemDraft } from './invoice-items';
import { MergeFieldInserter } from './merge-field-inserter';
import { TemplateTextField } from './template-text-field';
import { useTemplates } from './templates.api';

/** What every kind's editor is handed by the form dialog. */
export interface EditorProps<V> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  errors: FieldErrors;
  /** the live preview's problems by part ('Line 2: …') */
  problems: Record<string, string>;
  locationId: string | null;
}

export const MARKDOWN_HELP = 'Markdown: **bold**, *italic*, # heading, - list, [link](https://…)';

/** The message an SMS body shows under it when it is too long (the contract's words). */
export const SMS_TOO_LONG = 'Message must be less than 1000 characters';

/** The SMS body's live count: characters against the limit and the segments it takes as typed. */
export function smsCounter(text: string): { label: string; tooLong: boolean } {
  const { segments, encoding } = smsSegments(text);
  const parts = `${segments} ${segments === 1 ? 'segment' : 'segments'}`;
  return { label: `${text.length} / ${SMS_BODY_MAX} characters · ${parts} (${encoding})`, tooLong: text.length > SMS_BODY_MAX };
}

/** What every text part's field takes from the editor: its name, value, change, server error and preview problem. */
function partProps<V, K extends keyof V & string>({ values, set, errors, problems }: EditorProps<V>, part: K) {
  return {
    name: part,
    value: values[part] as string,
    onValueChange: (x: string) => set(part, x as V[K]),
    error: errors[part],
    problem: problems[part],
  };
}

function NameField<V extends { name: string }>({ values, set, errors, placeholder }: EditorProps<V> & { placeholder: string }) {
  return (
    <TextInput
      label="Name"
      required
      value={values.name}
      onValueChange={(x) => set('name', x as V['name'])}
      error={errors.name}
      placeholder={placeholder}
    />
  );
}

function Inserter({ kind }: { kind: TemplateKind }) {
  return (
    <Box sx={{ display: 'flex' }}>
      <MergeFieldInserter kind={kind} />
    </Box>
  );
}

/** A choice of the location's PDF pages (letterheads); none: a plain page. */
function PdfPageSelect({ locationId, value, onChange, error }: { locationId: string | null; value: string; onChange: (id: string) => void; error?: string | undefined }) {
  const pages = useTemplates('pdf', locationId);
  const options = useMemo(() => (pages.data ?? []).map((p) => ({ value: p.id, label: p.name })), [pages.data]);
  return (
    <SelectInput
      label="PDF page"
      options={options}
      value={value}
      onChange={onChange}
      emptyLabel="Plain page"
      error={error}
      helperText={pages.isLoading ? 'Loading PDF pages…' : 'The letterhead it is printed on (PDF templates)'}
    />
  );
}

// ---------- email ----------
export interface EmailValues {
  name: string;
  subject: string;
  body: string;
}

export function EmailEditor(props: EditorProps<EmailValues>) {
  return (
    <>
      <NameField {...props} placeholder="e.g. Appointment reminder" />
      <Inserter kind="email" />
      <TemplateTextField
        {...partProps(props, 'subject')}
        label="Subject"
        required
      />
      <TemplateTextField
        {...partProps(props, 'body')}
        primary
        label="Body"
        multiline
        minRows={8}
        helperText={MARKDOWN_HELP}
      />
    </>
  );
}

// ---------- SMS ----------
export interface SmsValues {
  name: string;
  type: SmsTemplateType;
  body: string;
}

export function SmsEditor(props: EditorProps<SmsValues>) {
  const { values, set, errors, problems } = props;
  const counter = smsCounter(values.body);
  // The limit is said as soon as it is passed, not only on Save.
  const error = errors.body ?? (counter.tooLong ? SMS_TOO_LONG : undefined);
  return (
    <>
      <NameField {...props} placeholder="e.g. Aftercare check-in" />
      <SelectInput
        label="Type"
        required
        options={SMS_TEMPLATE_TYPES.map((t) => ({ value: t, label: SMS_TEMPLATE_TYPE_LABELS[t] }))}
        value={values.type}
        onChange={(x) => set('type', x as SmsTemplateType)}
        error={errors.type}
        helperText="What it is used for: reminders, aftercare texts, quick replies in the chat…"
      />
      <Inserter kind="sms" />
      <TemplateTextField
        name="body"
        primary
        label="Message"
        required
        multiline
        minRows={4}
        value={values.body}
        onValueChange={(x) => set('body', x)}
        error={error && `${error} (${counter.label})`}
        problem={problems.body && `${problems.body} (${counter.label})`}
        helperText={counter.label}
      />
    </>
  );
}

// ---------- note ----------
export interface NoteValues {
  name: string;
  body: string;
}

export function NoteEditor(props: EditorProps<NoteValues>) {
  return (
    <>
      <NameField {...props} placeholder="e.g. Euthanasia visit" />
      <Inserter kind="note" />
      <TemplateTextField
        {...partProps(props, 'body')}
        primary
        label="Text"
        required
        multiline
        minRows={8}
        helperText="Inserted into appointment and patient notes"
      />
    </>
  );
}

// ---------- document ----------
export interface DocumentValues {
  name: string;
  body: string;
  pdfTemplateId: string;
}

export function DocumentEditor(props: EditorProps<DocumentValues>) {
  const { values, set, errors, locationId } = props;
  return (
    <>
      <NameField {...props} placeholder="e.g. Certificate of cremation" />
      <PdfPageSelect locationId={locationId} value={values.pdfTemplateId} onChange={(x) => set('pdfTemplateId', x)} error={errors.pdfTemplateId} />
      <Inserter kind="document" />
      <TemplateTextField
        {...partProps(props, 'body')}
        primary
        label="Body"
        required
        multiline
        minRows={10}
        helperText={MARKDOWN_HELP}
      />
    </>
  );
}

// ---------- PDF page ----------
export interface PdfValues {
  name: string;
  pageSize: (typeof PDF_PAGE_SIZES)[number];
  orientation: (typeof PDF_ORIENTATIONS)[number];
  header: string;
  footer: string;
  showLogo: boolean;
  showPageNumbers: boolean;
}

const PAGE_SIZE_LABELS: Record<PdfValues['pageSize'], string> = { LETTER: 'Letter (8.5 × 11 in)', A4: 'A4 (210 × 297 mm)' };
const ORIENTATION_LABELS: Record<PdfValues['orientation'], string> = { portrait: 'Portrait', landscape: 'Landscape' };

export function PdfEditor(props: EditorProps<PdfValues>) {
  const { values, set, errors } = props;
  return (
    <>
      <NameField {...props} placeholder="e.g. Letterhead" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          label="Page size"
          options={PDF_PAGE_SIZES.map((s) => ({ value: s, label: PAGE_SIZE_LABELS[s] }))}
          value={values.pageSize}
          onChange={(x) => set('pageSize', x as PdfValues['pageSize'])}
          error={errors.pageSize}
        />
        <SelectInput
          label="Orientation"
          options={PDF_ORIENTATIONS.map((o) => ({ value: o, label: ORIENTATION_LABELS[o] }))}
          value={values.orientation}
          onChange={(x) => set('orientation', x as PdfValues['orientation'])}
          error={errors.orientation}
        />
      </Stack>
      <Inserter kind="pdf" />
      <TemplateTextField
        {...partProps(props, 'header')}
        primary
        label="Header"
        multiline
        minRows={3}
        helperText={`Beside the logo on every page. ${MARKDOWN_HELP}`}
      />
      <TemplateTextField
        {...partProps(props, 'footer')}
        label="Footer"
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <SwitchInput label="Show the location's logo" checked={values.showLogo} onChange={(x) => set('showLogo', x)} />
        <SwitchInput label="Page numbers" checked={values.showPageNumbers} onChange={(x) => set('showPageNumbers', x)} />
      </Box>
    </>
  );
}

// ---------- invoice ----------
export interface InvoiceValues {
  name: string;
  pdfTemplateId: string;
  notes: string;
  items: ItemDraft[];
}

export function InvoiceEditor(props: EditorProps<InvoiceValues>) {
  const { values, set, errors, locationId } = props;
  return (
    <>
      <NameField {...props} placeholder="e.g. Home euthanasia with private cremation" />
      <PdfPageSelect locationId={locationId} value={values.pdfTemplateId} onChange={(x) => set('pdfTemplateId', x)} error={errors.pdfTemplateId} />
      <InvoiceItemsEditor value={values.items} onChange={(items) => set('items', items)} errors={errors} />
      <Inserter kind="invoice" />
      <TemplateTextField
        {...partProps(props, 'notes')}
        primary
        label="Notes"
        multiline
        minRows={3}
        helperText={`Printed under the items (payment terms, thanks). ${MARKDOWN_HELP}`}
      />
    </>
  );
}
