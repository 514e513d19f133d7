import { useMemo, type ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { SMS_BODY_MAX, smsSegments } from '@willow/contracts';
import type { TemplateKind } from '@willow/contracts';
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

function NameField({ values, set, errors, placeholder }: Props & { placeholder: string }) {
  return (
    <TextInput
      label="Name"
      required
      value={values.name as string}
      onValueChange={(x) => set('name', x)}
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

/**
 * A kind's editor, as a definition the one editor below renders: every kind has its name first
 * and the merge-field inserter right above its text parts; what differs is the settings between
 * them, the parts themselves, and anything after the parts.
 */
export interface EditorDefinition {
  /** the name's example ('e.g. Appointment reminder') */
  placeholder: string;
  /** what is chosen before the text: a type, the PDF page, an invoice's items */
  settings?: readonly Setting[];
  /** the template's text parts, merge targets of the inserter and rendered by the preview under their labels */
  parts: readonly TextPart[];
  after?: readonly Setting[];
}

/** A text part of a template: its field, with the server's error or the live preview's problem under it. */
export interface TextPart {
  part: string;
  label: string;
  /** where the inserter puts a field before any text field has been focused */
  primary?: true;
  required?: true;
  /** a multi-line text of at least these rows; one line without */
  minRows?: number;
  helperText?: string;
  /** an SMS body: its characters and segments counted as typed, the limit said as soon as it is passed */
  counted?: true;
}

export type Setting =
  | { select: string; label: string; options: readonly { value: string; label: string }[]; required?: true; helperText?: string }
  /** settings side by side (one above the other on a phone) */
  | { side: readonly Setting[] }
  /** on/off choices in a row */
  | { switches: readonly (readonly [field: string, label: string])[] }
  /** the PDF page it is printed on (pdfTemplateId) */
  | 'pdfPage'
  /** an invoice template's lines (items) */
  | 'items';

type Props = EditorProps<Record<string, unknown>>;

/** One kind's editor, from its definition. */
export function TemplateEditor({ kind, editor, ...props }: Props & { kind: TemplateKind; editor: EditorDefinition }) {
  return (
    <>
      <NameField {...props} placeholder={editor.placeholder} />
      {editor.settings?.map((setting, i) => <SettingField key={i} setting={setting} {...props} />)}
      <Inserter kind={kind} />
      {editor.parts.map((part) => (
        <PartField key={part.part} spec={part} {...props} />
      ))}
      {editor.after?.map((setting, i) => <SettingField key={i} setting={setting} {...props} />)}
    </>
  );
}

function PartField({ spec, values, set, errors, problems }: Props & { spec: TextPart }) {
  const { part, label, primary, required, minRows, helperText, counted } = spec;
  const value = values[part] as string;
  const field = {
    name: part,
    label,
    value,
    onValueChange: (x: string) => set(part, x),
    ...(primary && { primary }),
    ...(required && { required }),
    ...(minRows !== undefined && { multiline: true, minRows }),
  };
  if (!counted) return <TemplateTextField {...field} error={errors[part]} problem={problems[part]} helperText={helperText} />;
  const counter = smsCounter(value);
  // The limit is said as soon as it is passed, not only on Save.
  const error = errors[part] ?? (counter.tooLong ? SMS_TOO_LONG : undefined);
  const problem = problems[part];
  return (
    <TemplateTextField
      {...field}
      error={error && `${error} (${counter.label})`}
      problem={problem && `${problem} (${counter.label})`}
      helperText={counter.label}
    />
  );
}

function SettingField({ setting, values, set, errors, locationId, problems }: Props & { setting: Setting }): ReactNode {
  const props = { values, set, errors, locationId, problems };
  if (setting === 'pdfPage')
    return (
      <PdfPageSelect
        locationId={locationId}
        value={values.pdfTemplateId as string}
        onChange={(x) => set('pdfTemplateId', x)}
        error={errors.pdfTemplateId}
      />
    );
  if (setting === 'items')
    return <InvoiceItemsEditor value={values.items as ItemDraft[]} onChange={(items) => set('items', items)} errors={errors} />;
  if ('side' in setting)
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {setting.side.map((s, i) => (
          <SettingField key={i} setting={s} {...props} />
        ))}
      </Stack>
    );
  if ('switches' in setting)
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {setting.switches.map(([field, label]) => (
          <SwitchInput key={field} label={label} checked={values[field] as boolean} onChange={(x) => set(field, x)} />
        ))}
      </Box>
    );
  const { select: field, label, options, required, helperText } = setting;
  return (
    <SelectInput
      label={label}
      options={options}
      value={values[field] as string}
      onChange={(x) => set(field, x)}
      error={errors[field]}
      {...(required && { required })}
      {...(helperText !== undefined && { helperText })}
    />
  );
}
