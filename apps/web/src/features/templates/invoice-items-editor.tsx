import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormError, TextInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { formatPrice } from '../services/service-format';
import { addItem, changeItem, lineTotalCents, MAX_ITEMS, moveItem, removeItem, totalCents } from './invoice-items';
import type { ItemDraft } from './invoice-items';

interface InvoiceItemsEditorProps {
  value: ItemDraft[];
  onChange: (value: ItemDraft[]) => void;
  /** the form's errors; the editor reads 'items' and 'items.<i>.<field>' */
  errors: FieldErrors;
}

const money = (cents: number) => formatPrice(cents / 100);

/** The lines an invoice started from this template gets: description, quantity and unit price, in order. */
export function InvoiceItemsEditor({ value, onChange, errors }: InvoiceItemsEditorProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Items
      </Typography>
      <Stack spacing={1}>
        {value.map((item, index) => {
          const n = index + 1;
          const err = (field: string) => errors[`items.${index}.${field}`];
          return (
            <Paper key={item.key} variant="outlined" sx={{ p: 1.5 }} data-testid="invoice-item">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
                <TextInput
                  size="small"
                  label={`Item ${n} description`}
                  value={item.description}
                  onValueChange={(x) => onChange(changeItem(value, index, { description: x }))}
                  error={err('description')}
                  sx={{ flex: '1 1 220px' }}
                />
                <TextInput
                  size="small"
                  label={`Item ${n} quantity`}
                  value={item.quantity}
                  onValueChange={(x) => onChange(changeItem(value, index, { quantity: x }))}
                  error={err('quantity')}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 110px' }}
                />
                <TextInput
                  size="small"
                  label={`Item ${n} unit price`}
                  value={item.unitPrice}
                  onValueChange={(x) => onChange(changeItem(value, index, { unitPrice: x }))}
                  error={err('unitPrice')}
                  placeholder="0.00"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 130px' }}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
                  <Typography variant="body2" sx={{ minWidth: 80, textAlign: 'right' }} aria-label={`Item ${n} amount`}>
                    {money(lineTotalCents(item))}
                  </Typography>
                  <IconButton aria-label={`Move item ${n} up`} disabled={index === 0} onClick={() => onChange(moveItem(value, index, index - 1))}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move item ${n} down`}
                    disabled={index === value.length - 1}
                    onClick={() => onChange(moveItem(value, index, index + 1))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Remove item ${n}`} onClick={() => onChange(removeItem(value, index))}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            </Paper>
          );
        })}
      </Stack>
      <FormError message={errors.items} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => onChange(addItem(value))} disabled={value.length >= MAX_ITEMS}>
          Add item
        </Button>
        <Typography variant="subtitle2" aria-live="polite">
          Total: {money(totalCents(value))}
        </Typography>
      </Box>
    </Box>
  );
}
