import type { AshesDisposition, CremationType, FormField, FormFieldMapping, FormFieldType } from '@willow/contracts';

/** What one answer asks for while it is edited ('' where nothing is chosen). */
export interface MappingDraft {
  addOnId: string;
  cremationType: CremationType | '';
  ashesDisposition: AshesDisposition | '';
}
/** The key of a checkbox's one mapping (when ticked); a choice field's are keyed by their option. */
export const TICKED = '';
export const NO_MAPPING: MappingDraft = { addOnId: '', cremationType: '', ashesDisposition: '' };
const isEmpty = (m: MappingDraft) => !m.addOnId && !m.cremationType && !m.ashesDisposition;

/**
 * A form field while the builder edits it. `id` keeps rows stable while they move; `keyEdited`
 * says the answer's key was typed by hand (or saved before), so a new label no longer renames it;
 * `choices` is the text of the choice list, one choice a line.
 */
export interface FieldDraft {
  id: string;
  type: FormFieldType;
  label: string;
  key: string;
  keyEdited: boolean;
  required: boolean;
  help: string;
  choices: string;
  text: string;
  /** checkbox and choice fields: what an answer adds to the appointment, by option (TICKED for a checkbox) */
  mappings: Record<string, MappingDraft>;
}

/** Contract limits (FormTemplateInput, FormField), so the builder stops offering more rather than failing on save. */
export const MAX_FIELDS = 60;
const MAX_KEY = 40;

/** What a new field of each type starts with: something a practice can keep as it is. */
const STARTERS: Record<FormFieldType, { label: string; required: boolean; text?: string }> = {
  text: { label: '', required: false },
  longText: { label: '', required: false },
  choice: { label: '', required: true },
  checkbox: { label: '', required: false },
  date: { label: '', required: false },
  number: { label: '', required: false },
  signature: { label: 'Signature', required: true },
  consent: { label: 'I agree', required: true, text: '' },
};

let nextId = 0;
const newId = () => `field-${++nextId}`;

/**
 * The answer's key a label stands for: its words in camelCase ('Pet’s name' → 'petsName'), so
 * the answers read well in exports; starts with a small letter and keeps to the contract's 40.
 */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!joined) return '';
  const key = /^[a-z]/.test(joined) ? joined : `field${joined.charAt(0).toUpperCase()}${joined.slice(1)}`;
  return key.slice(0, MAX_KEY);
}

/** `base`, or base2, base3… when another field already answers under it. */
function uniqueKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, MAX_KEY - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

const keysBesides = (drafts: readonly FieldDraft[], id: string | null) =>
  new Set(drafts.filter((d) => d.id !== id).map((d) => d.key));

/** The drafts of a saved template's fields: their keys stay as saved (answers already use them). */
export function draftsFrom(fields: readonly FormField[]): FieldDraft[] {
  return fields.map((f) => ({
    id: newId(),
    type: f.type,
    label: f.label,
    key: f.key,
    keyEdited: true,
    required: f.required,
    help: f.help ?? '',
    choices: f.options.join('\n'),
    text: f.text ?? '',
    mappings: Object.fromEntries(
      (f.mappings ?? []).map((m) => [
        m.option ?? TICKED,
        { addOnId: m.addOnId ?? '', cremationType: m.cremationType ?? '', ashesDisposition: m.ashesDisposition ?? '' },
      ]),
    ),
  }));
}

export function addField(drafts: readonly FieldDraft[], type: FormFieldType): FieldDraft[] {
  if (drafts.length >= MAX_FIELDS) return [...drafts];
  const starter = STARTERS[type];
  const base = keyFromLabel(starter.label) || type;
  const draft: FieldDraft = {
    id: newId(),
    type,
    label: starter.label,
    key: uniqueKey(base, keysBesides(drafts, null)),
    keyEdited: false,
    required: starter.required,
    help: '',
    choices: '',
    text: starter.text ?? '',
    mappings: {},
  };
  return [...drafts, draft];
}

/** A new label renames the key too, until the key has been edited by hand. */
export function changeLabel(drafts: readonly FieldDraft[], id: string, label: string): FieldDraft[] {
  return drafts.map((d) => {
    if (d.id !== id) return d;
    if (d.keyEdited) return { ...d, label };
    const base = keyFromLabel(label) || d.type;
    return { ...d, label, key: uniqueKey(base, keysBesides(drafts, id)) };
  });
}

export function changeKey(drafts: readonly FieldDraft[], id: string, key: string): FieldDraft[] {
  return drafts.map((d) => (d.id === id ? { ...d, key, keyEdited: true } : d));
}

export function changeField(
  drafts: readonly FieldDraft[],
  id: string,
  patch: Partial<Pick<FieldDraft, 'required' | 'help' | 'choices' | 'text'>>,
): FieldDraft[] {
  return drafts.map((d) => (d.id === id ? { ...d, ...patch } : d));
}

/** Sets what one answer (a choice field's option, or TICKED) adds to the appointment. */
export function changeMapping(drafts: readonly FieldDraft[], id: string, option: string, patch: Partial<MappingDraft>): FieldDraft[] {
  return drafts.map((d) => (d.id === id ? { ...d, mappings: { ...d.mappings, [option]: { ...(d.mappings[option] ?? NO_MAPPING), ...patch } } } : d));
}

/** The answers of a field that may add to the appointment: TICKED for a checkbox, the options of a choice field. */
export const mappableAnswers = (d: FieldDraft): string[] => (d.type === 'checkbox' ? [TICKED] : d.type === 'choice' ? choicesOf(d.choices) : []);

/** The mappings to save: the answers the field still has, each naming something (decision 0185). */
function mappingsOf(d: FieldDraft): FormFieldMapping[] {
  return mappableAnswers(d).flatMap((option) => {
    const m = d.mappings[option];
    if (!m || isEmpty(m)) return [];
    return [{ option: option === TICKED ? null : option, addOnId: m.addOnId || null, cremationType: m.cremationType || null, ashesDisposition: m.ashesDisposition || null }];
  });
}

export function removeField(drafts: readonly FieldDraft[], id: string): FieldDraft[] {
  return drafts.filter((d) => d.id !== id);
}

/** Moves a field one place up (-1) or down (+1); at either end nothing moves. */
export function moveField(drafts: readonly FieldDraft[], id: string, by: -1 | 1): FieldDraft[] {
  const from = drafts.findIndex((d) => d.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= drafts.length) return [...drafts];
  const next = [...drafts];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The choices of a choice field's text: one a line, blanks dropped. */
export const choicesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);

/** The fields to save (FormField's input): only what each type uses; mappings only where an answer asks for something. */
export function toFields(drafts: readonly FieldDraft[]) {
  return drafts.map((d) => {
    const mappings = mappingsOf(d);
    return {
      key: d.key,
      type: d.type,
      label: d.label,
      required: d.required,
      help: d.help.trim() === '' ? null : d.help,
      options: d.type === 'choice' ? choicesOf(d.choices) : [],
      text: d.type === 'consent' ? d.text : null,
      ...(mappings.length > 0 && { mappings }),
    };
  });
}

/**
 * The first error about one field, from the form's errors (contract paths 'fields.<i>.<part>',
 * with 'fields.<i>.options.<j>' reported under the choices).
 */
export function fieldError(errors: Record<string, string>, index: number, part: 'key' | 'label' | 'help' | 'options' | 'text' | 'mappings'): string | undefined {
  const prefix = `fields.${index}.${part}`;
  const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}
