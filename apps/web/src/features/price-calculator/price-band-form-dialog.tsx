import { useCallback } from 'react';
import { Stack } from '@mui/material';
import { CREMATION_TYPE_LABELS, CREMATION_TYPES, priceBandOps, toGrams } from '@willow/contracts';
import type { CremationType, PriceBand } from '@willow/contracts';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { centsOf } from './money-text';
import { useCreatePriceBand, useUpdatePriceBand } from './price-calculator.api';

/** The fields are named like the contract's, so the server's "minGrams: overlaps …" lands under "From". */
interface FormValues {
  cremationType: CremationType;
  /** kilograms as typed */
  minGrams: string;
  maxGrams: string;
  /** currency units as typed */
  price: string;
}

const TYPE_OPTIONS = CREMATION_TYPES.map((t) => ({ value: t, label: CREMATION_TYPE_LABELS[t] }));
const kg = (grams: number) => String(grams / 1000);
const fromBand = (b: PriceBand): FormValues => ({ cremationType: b.cremationType, minGrams: kg(b.minGrams), maxGrams: kg(b.maxGrams), price: (b.price / 100).toFixed(2) });

interface PriceBandFormDialogProps {
  open: boolean;
  band: PriceBand | null;
  locationId: string;
  /** a new band starts at this type and where the type's last band ends */
  next: { cremationType: CremationType; fromGrams: number };
  onClose: () => void;
}

export function PriceBandFormDialog({ open, band, locationId, next, onClose }: PriceBandFormDialogProps) {
  const blank = useCallback(
    (): FormValues => ({ cremationType: next.cremationType, minGrams: kg(next.fromGrams), maxGrams: '', price: '' }),
    [next.cremationType, next.fromGrams],
  );
  const toInput = useCallback(
    (v: FormValues) => ({
      locationId,
      cremationType: v.cremationType,
      minGrams: toGrams(v.minGrams, 'kg'),
      maxGrams: toGrams(v.maxGrams, 'kg'),
      price: centsOf(v.price),
    }),
    [locationId],
  );
  const { form, dialog } = useEntityForm({
    ops: priceBandOps,
    create: useCreatePriceBand(),
    update: useUpdatePriceBand(),
    noun: 'price band',
    open,
    record: band,
    blank,
    fromRecord: fromBand,
    toInput,
    onClose,
    maxWidth: 'xs',
  });
  const v = form.values;
  const e = form.errors;
  return dialog(
    <>
      <SelectInput
        label="Cremation type"
        required
        options={TYPE_OPTIONS}
        value={v.cremationType}
        onChange={(x) => form.set('cremationType', x as CremationType)}
        error={e.cremationType}
      />
      <Stack direction="row" spacing={2}>
        <TextInput
          label="From (kg)"
          required
          value={v.minGrams}
          onValueChange={(x) => form.set('minGrams', x)}
          error={e.minGrams}
          helperText="Included"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          label="To (kg)"
          required
          value={v.maxGrams}
          onValueChange={(x) => form.set('maxGrams', x)}
          error={e.maxGrams}
          helperText="Up to, not including"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextInput
        label="Price"
        required
        value={v.price}
        onValueChange={(x) => form.set('price', x)}
        error={e.price}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </>,
  );
}
