// A discount's type and value, on a line (document-lines-editor.tsx) and on the whole document
// (document-editor.tsx): its own module so both use it without importing each other.
import { Box } from '@mui/material';
import type { DiscountType } from '@willow/contracts';
import { SelectInput, TextInput } from '../../components/form-fields';

const DISCOUNT_OPTIONS: { value: DiscountType; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'percent', label: '%' },
  { value: 'amount', label: 'Amount' },
];

interface DiscountFieldsProps {
  label: string;
  type: DiscountType;
  value: string;
  onTypeChange: (type: DiscountType) => void;
  onValueChange: (value: string) => void;
  typeError?: string | undefined;
  valueError?: string | undefined;
  readOnly: boolean;
  size?: 'small' | 'medium';
}

/** A discount: none, a percentage, or an amount in the currency's units. */
export function DiscountFields({ label, type, value, onTypeChange, onValueChange, typeError, valueError, readOnly, size }: DiscountFieldsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flex: '1 1 220px', minWidth: 0 }}>
      <Box sx={{ flex: '0 0 110px' }}>
        <SelectInput
          size={size}
          label={label}
          options={DISCOUNT_OPTIONS}
          value={type}
          onChange={(x) => {
            onTypeChange(x as DiscountType);
            if (x === 'none') onValueChange('');
          }}
          error={typeError}
          disabled={readOnly}
        />
      </Box>
      {type !== 'none' && (
        <TextInput
          size={size}
          label={type === 'percent' ? `${label} %` : `${label} amount`}
          value={value}
          onValueChange={onValueChange}
          error={valueError}
          disabled={readOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
      )}
    </Box>
  );
}
