import { useCallback, useRef } from 'react';
import type { Ref } from 'react';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import type { NoteTemplate } from '@willow/contracts';
import { insertAt } from './merge-targets';
import { TemplatePicker } from './template-picker';
import { renderTemplate } from './templates.api';

/** The record a note belongs to: the template is filled in with its data. */
export interface NoteRecord {
  locationId: string | null;
  clientId?: string | undefined;
  patientId?: string | undefined;
  appointmentId?: string | undefined;
}

/**
 * A note template's text filled in with the record's data by the server; the template as written
 * when that cannot be done (the preview refused or unreachable), so the text still arrives.
 */
export async function noteTemplateText(template: Pick<NoteTemplate, 'body'>, record: NoteRecord): Promise<string> {
  try {
    const rendered = await renderTemplate({
      kind: 'note',
      parts: { body: template.body },
      ...(record.locationId && { locationId: record.locationId }),
      ...(record.clientId && { clientId: record.clientId }),
      ...(record.patientId && { patientId: record.patientId }),
      ...(record.appointmentId && { appointmentId: record.appointmentId }),
    });
    const text = rendered.parts.body;
    return rendered.problems.length === 0 && text !== undefined ? text : template.body;
  } catch {
    return template.body;
  }
}

/**
 * A notes field that takes a template's text where its caret was (at the end when the field was
 * never used), on lines of its own. Spread `field` on the MessageInput.
 */
export function useNoteInsertion(value: string, setValue: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const used = useRef(false);
  const latest = useRef({ value, setValue });
  latest.current = { value, setValue };
  const onFocus = useCallback(() => {
    used.current = true;
  }, []);
  const insert = useCallback((text: string) => {
    const { value: current, setValue: set } = latest.current;
    const element = ref.current;
    const atCaret = used.current && element;
    const start = atCaret ? element.selectionStart : current.length;
    const end = atCaret ? element.selectionEnd : current.length;
    // A template is a block of its own: on new lines, whatever line the caret was in.
    const before = current.slice(0, start);
    const after = current.slice(end);
    const piece = `${before === '' || before.endsWith('\n') ? '' : '\n'}${text}${after === '' || after.startsWith('\n') ? '' : '\n'}`;
    const { value: next, caret } = insertAt(current, start, end, piece);
    set(next);
    requestAnimationFrame(() => {
      const field = ref.current;
      if (!field) return;
      field.focus();
      field.setSelectionRange(caret, caret);
    });
  }, []);
  return { field: { inputRef: ref as unknown as Ref<HTMLInputElement>, slotProps: { input: { onFocus } } }, insert };
}

interface InsertNoteTemplateProps {
  record: NoteRecord;
  onInsert: (text: string) => void;
}

/**
 * "Insert template" beside a notes field: the location's note templates; the chosen one is filled
 * in with the record's client, patient and appointment and inserted into the note.
 */
export function InsertNoteTemplate({ record, onInsert }: InsertNoteTemplateProps) {
  return (
    <TemplatePicker
      kind="note"
      locationId={record.locationId}
      label="Insert template"
      icon={<NoteAddIcon />}
      onPick={async (template: NoteTemplate) => onInsert(await noteTemplateText(template, record))}
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
