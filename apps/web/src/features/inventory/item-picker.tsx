import { useMemo, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { ItemListRow } from '@willow/contracts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { pickOneMessage } from '../../lib/zod-errors';
import { useItems } from './inventory.api';

/** A row of the items list once picked; a saved line's item is known only by its id and name until then. */
export type ItemChoice = Pick<ItemListRow, 'id' | 'name'> & Partial<ItemListRow>;

interface ItemPickerProps {
  label?: string;
  value: ItemChoice | null;
  onChange: (item: ItemChoice | null) => void;
  /** what is on hand is shown for this location */
  locationId?: string | null;
  error?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  required?: boolean;
  /** only controlled drugs (the ledger) */
  controlled?: boolean;
}

/** Choose an item by typing part of its name, SKU or barcode; archived items are not offered. */
export function ItemPicker({ label = 'Item', value, onChange, locationId, error, disabled, size, required, controlled }: ItemPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  const typed = value && search === value.name ? '' : search;
  const items = useItems({ search: typed || undefined, locationId: locationId ?? undefined, controlled: controlled || undefined, limit: 20, offset: 0 }, !disabled);
  const options: ItemChoice[] = items.data?.items ?? [];
  return (
    <Autocomplete<ItemChoice>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={items.isFetching}
      disabled={disabled}
      size={size}
      autoHighlight
      fullWidth
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {[option.sku, option.onHand != null ? `${option.onHand} ${option.sellUnit ?? ''} on hand` : null].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error ? pickOneMessage(label, error) : undefined} />
      )}
    />
  );
}

/**
 * The picker for a line that keeps only the item's id and the name it was given: the value stays
 * the same object while the id does (a new object each render would put the name back in the
 * box under what is being typed).
 */
export function LineItemPicker({ itemId, name, ...props }: Omit<ItemPickerProps, 'value'> & { itemId: string | null; name: string }) {
  const [picked, setPicked] = useState<ItemChoice | null>(null);
  const value = itemId ? (picked?.id === itemId ? picked : { id: itemId, name }) : null;
  const stable = useMemo(() => value, [value?.id]);
  return (
    <ItemPicker
      {...props}
      value={stable}
      onChange={(item) => {
        setPicked(item);
        props.onChange(item);
      }}
    />
  );
}
