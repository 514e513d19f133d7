// The lines of an invoice or an estimate: apart from document-editor.tsx (the document's header,
// discount and totals) because it is the one part with its own catalogue look-ups and row
// editing (add, move, remove).
import { useMemo } from 'react';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatCents, toCents } from '@willow/contracts';
import type { LineKind, Priced, TaxCode } from '@willow/contracts';
import { FormError, SelectInput, TextInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { useAddOnItems } from '../add-ons/add-ons.api';
import { LineItemPicker } from '../inventory/item-picker';
import type { ItemChoice } from '../inventory/item-picker';
import { useServiceList } from '../services/services.api';
import { useStaff } from '../users/users.api';
import { DiscountFields } from './discount-fields';
import { blankLine, centsToUnits, changeLine, MAX_LINES, moveLine, removeLine } from './document-lines';
import type { LineDraft } from './document-lines';

const KIND_OPTIONS: { value: LineKind; label: string }[] = [
  { value: 'service', label: 'Service' },
  { value: 'addOn', label: 'Add-on' },
  { value: 'item', label: 'Item' },
  { value: 'text', label: 'Text' },
];

interface LinesEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  errors: FieldErrors;
  locationId: string;
  taxCodes: readonly TaxCode[];
  priced: Priced;
  currency: string;
  readOnly: boolean;
  /** estimates: a high quantity beside the quantity */
  withHighQuantity?: boolean;
  /** a credit note: its lines are its invoice's (each names the line it credits), so none is added */
  fixedLines?: boolean;
}

/**
 * The document's lines: what each is (a service, an add-on or free text; the catalogue fills in
 * the description and price), quantity, unit price in the currency's units, the line's discount,
 * its tax code and who performed it, with the line's total as priced while typing.
 */
export function LinesEditor({ lines, onChange, errors, locationId, taxCodes, priced, currency, readOnly, withHighQuantity = false, fixedLines = false }: LinesEditorProps) {
  const services = useServiceList(locationId, true);
  const addOns = useAddOnItems(locationId, true);
  const staff = useStaff(locationId);
  const serviceOptions = useMemo(() => (services.data ?? []).map((s) => ({ value: s.id, label: s.name })), [services.data]);
  const addOnOptions = useMemo(() => (addOns.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.categoryName})` })), [addOns.data]);
  const staffOptions = useMemo(() => (staff.data ?? []).map((s) => ({ value: s.value, label: s.label })), [staff.data]);
  const money = (cents: number) => formatCents(cents, currency);

  const taxOptionsFor = (line: LineDraft) =>
    taxCodes
      .filter((c) => c.active || c.id === line.taxCodeId)
      .map((c) => ({ value: c.id, label: `${c.name} (${c.rate / 100} %)` }));

  /** An item picked: its name, sell price and the tax code it takes at the document's location. */
  const pickItem = (index: number, item: ItemChoice | null) => {
    if (!item) return onChange(changeLine(lines, index, { itemId: null }));
    const taxCodeId = item.locations?.find((l) => l.locationId === locationId)?.taxCodeId ?? '';
    onChange(
      changeLine(lines, index, {
        itemId: item.id,
        description: item.name,
        ...(item.sellPrice !== undefined && { unitPrice: centsToUnits(item.sellPrice) }),
        ...(item.locations && { taxCodeId }),
      }),
    );
  };

  const pick = (index: number, kind: LineKind, id: string) => {
    if (kind === 'service') {
      const s = services.data?.find((x) => x.id === id);
      onChange(changeLine(lines, index, { serviceId: id || null, ...(s && { description: s.name, unitPrice: centsToUnits(toCents(s.price)) }) }));
    } else {
      const a = addOns.data?.find((x) => x.id === id);
      onChange(changeLine(lines, index, { addOnId: id || null, ...(a && { description: a.name, unitPrice: centsToUnits(toCents(a.price)) }) }));
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Lines
      </Typography>
      <Stack spacing={1}>
        {lines.map((line, index) => {
          const n = index + 1;
          const err = (field: string) => errors[`items.${index}.${field}`];
          const set = (patch: Partial<LineDraft>) => onChange(changeLine(lines, index, patch));
          return (
            <Paper key={line.key} variant="outlined" sx={{ p: 1.5 }} data-testid="document-line">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: '0 1 120px', minWidth: 100 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} kind`}
                    options={KIND_OPTIONS}
                    value={line.kind}
                    onChange={(x) => set({ kind: x as LineKind, serviceId: null, addOnId: null, itemId: null })}
                    error={err('kind')}
                    disabled={readOnly}
                  />
                </Box>
                {line.kind === 'item' && (
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <LineItemPicker
                      size="small"
                      label={`Line ${n} item`}
                      itemId={line.itemId}
                      name={line.description}
                      onChange={(item) => pickItem(index, item)}
                      locationId={locationId}
                      error={err('itemId')}
                      disabled={readOnly}
                    />
                  </Box>
                )}
                {(line.kind === 'service' || line.kind === 'addOn') && (
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <SelectInput
                      size="small"
                      label={line.kind === 'service' ? `Line ${n} service` : `Line ${n} add-on`}
                      options={line.kind === 'service' ? serviceOptions : addOnOptions}
                      value={(line.kind === 'service' ? line.serviceId : line.addOnId) ?? ''}
                      onChange={(id) => pick(index, line.kind, id)}
                      error={line.kind === 'service' ? err('serviceId') : err('addOnId')}
                      disabled={readOnly}
                    />
                  </Box>
                )}
                <TextInput
                  size="small"
                  label={`Line ${n} description`}
                  value={line.description}
                  onValueChange={(x) => set({ description: x })}
                  error={err('description')}
                  disabled={readOnly}
                  sx={{ flex: '2 1 220px' }}
                />
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
                <TextInput
                  size="small"
                  label={`Line ${n} quantity`}
                  value={line.quantity}
                  onValueChange={(x) => set({ quantity: x })}
                  error={err('quantity')}
                  disabled={readOnly}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 100px' }}
                />
                {withHighQuantity && (
                  <TextInput
                    size="small"
                    label={`Line ${n} high quantity`}
                    value={line.highQuantity}
                    onValueChange={(x) => set({ highQuantity: x })}
                    error={err('highQuantity')}
                    disabled={readOnly}
                    placeholder={line.quantity}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    sx={{ flex: '0 1 110px' }}
                  />
                )}
                <TextInput
                  size="small"
                  label={`Line ${n} unit price`}
                  value={line.unitPrice}
                  onValueChange={(x) => set({ unitPrice: x })}
                  error={err('unitPrice')}
                  disabled={readOnly}
                  placeholder="0.00"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 120px' }}
                />
                <DiscountFields
                  size="small"
                  label={`Line ${n} discount`}
                  type={line.discountType}
                  value={line.discount}
                  onTypeChange={(discountType) => set({ discountType })}
                  onValueChange={(discount) => set({ discount })}
                  typeError={err('discountType')}
                  valueError={err('discountValue')}
                  readOnly={readOnly}
                />
                <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} tax`}
                    options={taxOptionsFor(line)}
                    value={line.taxCodeId}
                    onChange={(taxCodeId) => set({ taxCodeId })}
                    emptyLabel="No tax"
                    error={err('taxCodeId')}
                    disabled={readOnly}
                  />
                </Box>
                <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} provider`}
                    options={staffOptions}
                    value={line.providerId}
                    onChange={(providerId) => set({ providerId })}
                    emptyLabel="None"
                    error={err('providerId')}
                    disabled={readOnly}
                  />
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto', minHeight: 40 }}>
                  <Typography variant="body2" sx={{ minWidth: 90, textAlign: 'right' }} aria-label={`Line ${n} total`}>
                    {money(priced.lines[index]?.total ?? 0)}
                  </Typography>
                  {!readOnly && (
                    <>
                      <IconButton aria-label={`Move line ${n} up`} disabled={index === 0} onClick={() => onChange(moveLine(lines, index, index - 1))}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Move line ${n} down`}
                        disabled={index === lines.length - 1}
                        onClick={() => onChange(moveLine(lines, index, index + 1))}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={`Remove line ${n}`} onClick={() => onChange(removeLine(lines, index))}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </Box>
              </Box>
            </Paper>
          );
        })}
      </Stack>
      <FormError message={errors.items} />
      {!readOnly && !fixedLines && (
        <Button startIcon={<AddIcon />} onClick={() => onChange([...lines, blankLine()])} disabled={lines.length >= MAX_LINES} sx={{ mt: 1 }}>
          Add line
        </Button>
      )}
    </Box>
  );
}

