import type { AddOn } from '@willow/contracts';

/** What an add-on asks for when attached to an appointment: a name and its choices (none = free text). */
export interface AddOnOptionValue {
  name: string;
  choices: string[];
}

/** An option while it is edited: `pending` is the choice being typed, `key` keeps rows stable. */
export interface OptionDraft extends AddOnOptionValue {
  key: string;
  pending: string;
}

/** Contract limits (AddOnInput), so the editor stops offering more rather than failing on save. */
export const MAX_OPTIONS = 10;
export const MAX_CHOICES = 30;

let nextKey = 0;
const newKey = () => `option-${++nextKey}`;

export function draftsFrom(options: readonly AddOnOptionValue[]): OptionDraft[] {
  return options.map((o) => ({ key: newKey(), name: o.name, choices: [...o.choices], pending: '' }));
}

export function addOption(drafts: readonly OptionDraft[]): OptionDraft[] {
  if (drafts.length >= MAX_OPTIONS) return [...drafts];
  return [...drafts, { key: newKey(), name: '', choices: [], pending: '' }];
}

export function removeOption(drafts: readonly OptionDraft[], index: number): OptionDraft[] {
  return drafts.filter((_, i) => i !== index);
}

export function changeOption(drafts: readonly OptionDraft[], index: number, patch: Partial<Omit<OptionDraft, 'key'>>): OptionDraft[] {
  return drafts.map((d, i) => (i === index ? { ...d, ...patch } : d));
}

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** Adds `text` (trimmed) as a choice; blanks and repeats (ignoring case) are dropped. */
export function withChoice(choices: readonly string[], text: string): string[] {
  const choice = text.trim();
  if (!choice || choices.length >= MAX_CHOICES || choices.some((c) => sameText(c, choice))) return [...choices];
  return [...choices, choice];
}

/** Moves the option's typed choice into its list. */
export function commitPending(drafts: readonly OptionDraft[], index: number): OptionDraft[] {
  return drafts.map((d, i) => (i === index ? { ...d, choices: withChoice(d.choices, d.pending), pending: '' } : d));
}

export function removeChoice(drafts: readonly OptionDraft[], index: number, choice: string): OptionDraft[] {
  return drafts.map((d, i) => (i === index ? { ...d, choices: d.choices.filter((c) => c !== choice) } : d));
}

/**
 * The options to save. A choice still typed in its box counts too: people press Save without
 * pressing Enter first.
 */
export function toOptions(drafts: readonly OptionDraft[]): AddOnOptionValue[] {
  return drafts.map((d) => ({ name: d.name, choices: withChoice(d.choices, d.pending) }));
}

/** One line for the list, e.g. 'Ink colour: Black, Blue · Engraving: free text'. */
export function describeOptions(options: AddOn['options']): string {
  return options.map((o) => `${o.name}: ${o.choices.length ? o.choices.join(', ') : 'free text'}`).join(' · ');
}

/** The first error about an option's choices (contract paths 'options.<i>.choices[.<j>]'). */
export function choiceError(errors: Record<string, string>, index: number): string | undefined {
  const prefix = `options.${index}.choices`;
  const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}
