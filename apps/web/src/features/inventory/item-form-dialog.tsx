import { useCallback, useMemo } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { INVENTORY_CATEGORY_LABELS, itemOps } from '@willow/contracts';
import type { InventoryCategory, Item } from '@willow/contracts';
import { FormError, SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import type { FieldErrors } from '../../lib/zod-errors';
import { useAddOnItems } from '../add-ons/add-ons.api';
import { useContacts } from '../contacts/contacts.api';
import { useTaxCodes } from '../invoices/invoices.api';
import { useLocations } from '../locations/locations.api';
import { ScanButton } from './barcode-scan';
import { useCreateItem, useUpdateItem } from './inventory.api';
import { blankItem, CATEGORY_OPTIONS, inputOfItem, packSize, valuesOfItem } from './item-values';
import type { DrawDraft, LocationDraft } from './item-values';

const categoryOptions = CATEGORY_OPTIONS.map((c) => ({ value: c, label: INVENTORY_CATEGORY_LABELS[c] }));

interface ItemFormDialogProps {
  open: boolean;
  /** the item to edit; null for a new one */
  item: Item | null;
  /** the location the page works in: its add-ons are offered to draw the item */
  locationId: string | null;
  onClose: () => void;
}

/**
 * An item of the catalogue: what it is, how it is bought and sold (a box of 100, by the tablet),
 * cost and price, whether it is a controlled drug, its supplier, per location when to reorder and
 * the tax code its invoice lines take, and the add-ons that take it from stock. Esc or a click
 * outside asks before discarding what was typed.
 */
export function ItemFormDialog(props: ItemFormDialogProps) {
  // The blank values name every location: the form waits for them rather than being filled again
  // under what someone has started typing.
  const locations = useLocations(true);
  return locations.data !== undefined || locations.isError ? <ItemForm {...props} /> : null;
}

function ItemForm({ open, item, locationId, onClose }: ItemFormDialogProps) {
  const locations = useLocations(true);
  const locationIds = useMemo(() => (locations.data ?? []).map((l) => l.id), [locations.data]);
  const names = useMemo(() => new Map((locations.data ?? []).map((l) => [l.id, l.name])), [locations.data]);
  const blank = useCallback(() => blankItem(locationIds), [locationIds]);
  const fromRecord = useCallback((i: Item) => valuesOfItem(i, locationIds), [locationIds]);
  const create = useCreateItem();
  const update = useUpdateItem();
  const { form, dialog } = useEntityForm({
    ops: itemOps,
    create,
    update,
    noun: 'item',
    open,
    record: item,
    blank,
    fromRecord,
    toInput: inputOfItem,
    onClose,
    title: (i) => (i ? `Edit ${i.name}` : 'New item'),
    maxWidth: 'md',
  });
  const suppliers = useContacts({ category: 'supplier' });
  const supplierOptions = useMemo(() => {
    const list = (suppliers.data ?? []).map((c) => ({ value: c.id, label: c.organisation ? `${c.name} (${c.organisation})` : c.name }));
    if (item?.supplierId && item.supplierName && !list.some((o) => o.value === item.supplierId)) list.unshift({ value: item.supplierId, label: item.supplierName });
    return list;
  }, [suppliers.data, item]);
  const v = form.values;
  const e = form.errors;
  const setLocation = (index: number, patch: Partial<LocationDraft>) =>
    form.set(
      'locations',
      v.locations.map((l, i) => (i === index ? { ...l, ...patch } : l)),
    );
  const clearErrors = (prefix: string) => form.setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith(prefix))));
  const setDraws = (draws: DrawDraft[]) => {
    form.set('addOnDraws', draws);
    // Rows shift as draws come and go: their old messages may point at the wrong row.
    clearErrors('addOnDraws');
  };

  return dialog(
    <>
      <TextInput label="Name" required autoFocus={!item} value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput label="Category" value={v.category} onChange={(x) => form.set('category', x as InventoryCategory)} options={categoryOptions} error={e.category} />
        <TextInput label="SKU" value={v.sku} onValueChange={(x) => form.set('sku', x)} error={e.sku} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput label="Barcode" value={v.barcode} onValueChange={(x) => form.set('barcode', x)} error={e.barcode} />
        <ScanButton label="Scan" onDetected={(code) => form.set('barcode', code)} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Bought in" value={v.purchaseUnit} onValueChange={(x) => form.set('purchaseUnit', x)} error={e.purchaseUnit} placeholder="box" />
        <TextInput
          label="Units per purchase"
          value={v.unitsPerPurchase}
          onValueChange={(x) => form.set('unitsPerPurchase', x)}
          error={e.unitsPerPurchase}
          helperText={packSize(v)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextInput label="Sold in" value={v.sellUnit} onValueChange={(x) => form.set('sellUnit', x)} error={e.sellUnit} placeholder="tablet" />
      </Stack>
      <SwitchInput label={`Whole ${v.sellUnit || 'unit'}s only`} checked={v.wholeUnits} onChange={(x) => form.set('wholeUnits', x)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          label="Cost"
          value={v.cost}
          onValueChange={(x) => form.set('cost', x)}
          error={e.cost}
          helperText={`per ${v.purchaseUnit || 'unit'}`}
          placeholder="0.00"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          label="Sell price"
          value={v.sellPrice}
          onValueChange={(x) => form.set('sellPrice', x)}
          error={e.sellPrice}
          helperText={`per ${v.sellUnit || 'unit'}`}
          placeholder="0.00"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <SwitchInput label="Controlled drug" checked={v.controlled} onChange={(x) => form.set('controlled', x)} />
      <SelectInput label="Supplier" value={v.supplierId} onChange={(x) => form.set('supplierId', x)} options={supplierOptions} emptyLabel="None" error={e.supplierId} />
      <FormError message={e.locations} />
      {v.locations.map((l, index) => (
        <LocationFields
          key={l.locationId}
          name={names.get(l.locationId) ?? 'Another location'}
          value={l}
          onChange={(patch) => setLocation(index, patch)}
          errors={e}
          prefix={`locations.${index}`}
        />
      ))}
      <DrawsEditor value={v.addOnDraws} onChange={setDraws} locationId={locationId} errors={e} />
    </>,
  );
}

function LocationFields({ name, value, onChange, errors, prefix }: { name: string; value: LocationDraft; onChange: (patch: Partial<LocationDraft>) => void; errors: FieldErrors; prefix: string }) {
  const codes = useTaxCodes(value.locationId);
  const options = (codes.data ?? []).filter((c) => c.active || c.id === value.taxCodeId).map((c) => ({ value: c.id, label: `${c.name} (${c.rate / 100} %)` }));
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          size="small"
          label="Reorder point"
          value={value.reorderPoint}
          onValueChange={(x) => onChange({ reorderPoint: x })}
          error={errors[`${prefix}.reorderPoint`]}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          size="small"
          label="Reorder to"
          value={value.reorderTo}
          onValueChange={(x) => onChange({ reorderTo: x })}
          error={errors[`${prefix}.reorderTo`]}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <SelectInput
          size="small"
          label="Tax code"
          value={value.taxCodeId}
          onChange={(x) => onChange({ taxCodeId: x })}
          options={options}
          emptyLabel="No tax"
          error={errors[`${prefix}.taxCodeId`]}
        />
      </Stack>
    </Box>
  );
}

/** The add-ons that take this item from stock when billed (the urn add-on takes one urn). */
function DrawsEditor({ value, onChange, locationId, errors }: { value: DrawDraft[]; onChange: (v: DrawDraft[]) => void; locationId: string | null; errors: FieldErrors }) {
  const addOns = useAddOnItems(locationId, true);
  const options = (addOns.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  const optionsFor = (d: DrawDraft) => (d.addOnId && !options.some((o) => o.value === d.addOnId) ? [{ value: d.addOnId, label: d.addOnName }, ...options] : options);
  const change = (index: number, patch: Partial<DrawDraft>) => onChange(value.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Add-ons that use this item
      </Typography>
      <Stack spacing={1}>
        {value.map((d, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <SelectInput size="small" label={`Add-on ${index + 1}`} value={d.addOnId} onChange={(x) => change(index, { addOnId: x })} options={optionsFor(d)} error={errors[`addOnDraws.${index}.addOnId`]} />
            <TextInput
              size="small"
              label={`Add-on ${index + 1} quantity`}
              value={d.quantity}
              onValueChange={(x) => change(index, { quantity: x })}
              error={errors[`addOnDraws.${index}.quantity`]}
              sx={{ maxWidth: 160 }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={`Remove add-on ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <FormError message={errors.addOnDraws} />
      <Button startIcon={<AddIcon />} onClick={() => onChange([...value, { addOnId: '', addOnName: '', quantity: '1' }])} sx={{ mt: 1 }} disabled={!locationId}>
        Add add-on
      </Button>
    </Box>
  );
}
