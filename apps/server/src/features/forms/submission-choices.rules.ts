import type { AshesDisposition, CremationType, FormFieldMapping } from '@willow/contracts';

/** A field as a submission keeps it: enough to read what its answer asks for. */
interface MappedField {
  key: string;
  type: string;
  mappings?: readonly Omit<FormFieldMapping, never>[] | undefined;
}

/** What a submission's answers ask for: add-ons (each once, in the form's order) and aftercare. */
export interface AskedChoices {
  addOnIds: string[];
  cremationType: CremationType | null;
  ashesDisposition: AshesDisposition | null;
}

/**
 * Reads the mappings of the fields the client answered (decision 0185): a ticked checkbox asks for
 * its mapping, a choice field for its picked option's. Aftercare named by two answers: the later
 * field's wins, as the family read the form top to bottom.
 */
export function choicesAsked(fields: readonly MappedField[], answers: Record<string, unknown>): AskedChoices {
  const asked: AskedChoices = { addOnIds: [], cremationType: null, ashesDisposition: null };
  for (const f of fields) {
    const answer = answers[f.key];
    const mapping = f.mappings?.find((m) =>
      f.type === 'checkbox' ? m.option === null && answer === true : f.type === 'choice' && typeof answer === 'string' && m.option === answer,
    );
    if (!mapping) continue;
    if (mapping.addOnId && !asked.addOnIds.includes(mapping.addOnId)) asked.addOnIds.push(mapping.addOnId);
    if (mapping.cremationType) asked.cremationType = mapping.cremationType;
    if (mapping.ashesDisposition) asked.ashesDisposition = mapping.ashesDisposition;
  }
  return asked;
}

export const asksAnything = (c: AskedChoices): boolean => c.addOnIds.length > 0 || c.cremationType !== null || c.ashesDisposition !== null;
