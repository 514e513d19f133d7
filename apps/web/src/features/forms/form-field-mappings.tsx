import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ASHES_DISPOSITION_LABELS, ASHES_DISPOSITIONS, CREMATION_TYPE_LABELS, CREMATION_TYPES } from '@willow/contracts';
import type { AddOn } from '@willow/contracts';
import { FormError, SelectInput } from '../../components/form-fields';
import { mappableAnswers, NO_MAPPING, TICKED } from './form-field-drafts';
import type { FieldDraft, MappingDraft } from './form-field-drafts';

const CREMATION_OPTIONS = CREMATION_TYPES.map((t) => ({ value: t, label: CREMATION_TYPE_LABELS[t] }));
const ASHES_OPTIONS = ASHES_DISPOSITIONS.map((d) => ({ value: d, label: ASHES_DISPOSITION_LABELS[d] }));

interface FieldMappingsProps {
  field: FieldDraft;
  /** the field's name as the builder shows it */
  name: string;
  /** the form's location's add-ons */
  addOns: readonly AddOn[];
  error?: string | undefined;
  onChange: (option: string, patch: Partial<MappingDraft>) => void;
}

/**
 * What a ticked checkbox, or each option of a choice field, adds to the appointment (decision
 * 0185): an add-on of the location, a cremation type, what becomes of the ashes. Staff accept it
 * in one click when the family submits. Folded away until opened, or while something is set.
 */
export function FieldMappings({ field, name, addOns, error, onChange }: FieldMappingsProps) {
  const answers = mappableAnswers(field);
  const anySet = Object.values(field.mappings).some((m) => m.addOnId || m.cremationType || m.ashesDisposition);
  const [open, setOpen] = useState(anySet);
  if (answers.length === 0) return null;
  if (!open) {
    return (
      <Box>
        <Button size="small" onClick={() => setOpen(true)}>
          Add to the appointment…
        </Button>
      </Box>
    );
  }
  const addOnOptions = (selected: string) =>
    addOns.filter((a) => a.active || a.id === selected).map((a) => ({ value: a.id, label: a.name }));
  return (
    <Stack spacing={1} role="group" aria-label={`${name}: adds to the appointment`}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        What the family’s answer adds to the appointment, for staff to accept in one click
      </Typography>
      {answers.map((option) => {
        const m = field.mappings[option] ?? NO_MAPPING;
        const when = option === TICKED ? 'When ticked' : option;
        return (
          <Box key={option} role="group" aria-label={`${name}: ${when}`}>
            <Typography variant="caption" component="div" sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
              {when}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <SelectInput size="small" label="Add-on" emptyLabel="None" value={m.addOnId} onChange={(v) => onChange(option, { addOnId: v })} options={addOnOptions(m.addOnId)} />
              <SelectInput
                size="small"
                label="Cremation"
                emptyLabel="None"
                value={m.cremationType}
                onChange={(v) => onChange(option, { cremationType: v as MappingDraft['cremationType'] })}
                options={CREMATION_OPTIONS}
              />
              <SelectInput
                size="small"
                label="Ashes"
                emptyLabel="None"
                value={m.ashesDisposition}
                onChange={(v) => onChange(option, { ashesDisposition: v as MappingDraft['ashesDisposition'] })}
                options={ASHES_OPTIONS}
              />
            </Box>
          </Box>
        );
      })}
      <FormError message={error} />
    </Stack>
  );
}
