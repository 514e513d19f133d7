// What the family chose for after the death: the cremation type (the price calculator's kinds) and
// what becomes of the ashes. Both sit on the appointment; a consent form's fields may ask for them.
import { z } from 'zod';
import { CREMATION_TYPE_LABELS, CREMATION_TYPES, type CremationType } from './price-calculator.js';

/** What becomes of the ashes: returned to the family, spread (by the crematorium), or none kept. */
export const ASHES_DISPOSITIONS = ['returned', 'spread', 'none'] as const;
export type AshesDisposition = (typeof ASHES_DISPOSITIONS)[number];
export const ASHES_DISPOSITION_LABELS: Record<AshesDisposition, string> = {
  returned: 'Ashes returned',
  spread: 'Ashes spread',
  none: 'No ashes returned',
};

export const cremationTypeField = () => z.enum(CREMATION_TYPES, { message: `must be one of ${CREMATION_TYPES.join(', ')}` });
export const ashesDispositionField = () => z.enum(ASHES_DISPOSITIONS, { message: `must be one of ${ASHES_DISPOSITIONS.join(', ')}` });

/** The labels of a set of aftercare choices, in the order the family reads them. */
export function aftercareLabels(c: { cremationType?: CremationType | null; ashesDisposition?: AshesDisposition | null }): string[] {
  return [
    ...(c.cremationType ? [CREMATION_TYPE_LABELS[c.cremationType]] : []),
    ...(c.ashesDisposition ? [ASHES_DISPOSITION_LABELS[c.ashesDisposition]] : []),
  ];
}
