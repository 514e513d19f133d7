import { AddOnAttachInput } from '@willow/contracts';
import type { AddOn, AppointmentAddOn } from '@willow/contracts';
import { validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';

/** The options an add-on asks about (a list of choices, or free text when it has none). */
export type AddOnOptions = AddOn['options'];
/** Answers to an add-on's options, keyed by option name. */
export type AddOnValues = Record<string, string>;

/** An add-on chosen in the picker whose "Attach" was not pressed yet. */
export interface PendingAddOn {
  addOnId: string;
  /** blank answers left out */
  values: AddOnValues;
}

/** An add-on chosen for an appointment not created yet; it is sent with the create. */
export interface DraftAddOn {
  /** tells apart two of the same add-on in the list */
  key: number;
  addOnId: string;
  name: string;
  price: number;
  values: AddOnValues;
}

/** An add-on of the location with its checked answers (blank ones left out). */
export interface ChosenAddOn {
  item: AddOn;
  values: AddOnValues;
}

/** An add-on as the create or update request attaches it. */
export type AddOnRequest = Pick<PendingAddOn, 'addOnId' | 'values'>;

export const formatPrice = (n: number) => n.toFixed(2);

/** How the picker offers an item, e.g. 'Keepsakes – Paw print (45.00)'. */
export const addOnChoiceLabel = (item: Pick<AddOn, 'categoryName' | 'name' | 'price'>) =>
  `${item.categoryName} – ${item.name} (${formatPrice(item.price)})`;

/** The first line of an attached add-on, e.g. 'Paw print · 45.00'. */
export const addOnHeadline = (name: string, price: number) => `${name} · ${formatPrice(price)}`;

/** The answers as a line reads them, e.g. ['Ink colour: Blue']. */
export const answerTexts = (values: AddOnValues) => Object.entries(values).map(([option, value]) => `${option}: ${value}`);

/** Blank answers are left out: an option not filled in has no value. */
export function filledValues(values: AddOnValues): AddOnValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
}

/** The answers as the contract takes them, or their field errors keyed by option name. */
export function checkAddOnValues(values: AddOnValues): { ok: true; values: AddOnValues } | { ok: false; errors: FieldErrors } {
  const checked = validate(AddOnAttachInput.shape.values, filledValues(values));
  if (checked.ok) return { ok: true, values: checked.data };
  return { ok: false, errors: checked.errors };
}

/**
 * The options of an attached add-on: its item's current ones (inactive items included), or, when
 * the item is gone, the names it was filled in with (as free text).
 */
export function optionsOf(attached: AppointmentAddOn, items: readonly AddOn[]): AddOnOptions {
  const item = items.find((i) => i.id === attached.addOnId);
  if (item) return item.options;
  return Object.keys(attached.values).map((name) => ({ name, choices: [] }));
}

export const draftOf = ({ item, values }: ChosenAddOn, key: number): DraftAddOn => ({
  key,
  addOnId: item.id,
  name: item.name,
  price: item.price,
  values,
});

/**
 * What the appointment's Save attaches: the add-ons listed in the dialog, then the one still being
 * chosen (Attach not pressed), since nothing a person picked should be lost.
 */
export function addOnsToSend(staged: readonly DraftAddOn[], pending: PendingAddOn | null): AddOnRequest[] {
  return [...staged.map(({ addOnId, values }) => ({ addOnId, values })), ...(pending ? [pending] : [])];
}
