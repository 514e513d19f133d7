import { useEffect, useState } from 'react';
import { Alert, Checkbox, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { INVENTORY_MESSAGES, InventoryLogInput, listItems, localDate } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, FormError, numberOrNull, TextInput, useFormState } from '../../components/form-fields';
import { api } from '../../lib/http-client';
import { notifySuccess } from '../../lib/toasts';
import { useLocationZone } from '../locations/locations.api';
import { ScanButton } from './barcode-scan';
import { useRecordStock } from './inventory.api';
import { ItemPicker } from './item-picker';
import type { ItemChoice } from './item-picker';
import { describeQuantity, plural } from './item-values';

export interface ReceiveValues {
  item: ItemChoice | null;
  barcode: string;
  quantity: string;
  unit: 'purchase' | 'sell';
  lotNumber: string;
  expiresOn: string;
  noExpiry: boolean;
  receivedOn: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface ReceiveDialogProps {
  open: boolean;
  locationId: string;
  /** the row's item, when received from the stock list */
  item?: ItemChoice | null;
  onClose: () => void;
}

/**
 * Stock received at a location: the item (picked, scanned with the camera, or its barcode typed
 * and Enter), how much in boxes or in tablets, the lot number and its expiry, or "Does not expire"
 * (never a made-up date), and the day it came in (today at the location unless changed).
 */
export function ReceiveDialog(props: ReceiveDialogProps) {
  // "Today" is the location's: the form waits for its time zone rather than filling in the browser's day.
  const zone = useLocationZone(props.locationId);
  return zone ? <ReceiveForm {...props} zone={zone} /> : null;
}

function ReceiveForm({ open, locationId, item = null, onClose, zone }: ReceiveDialogProps & { zone: string }) {
  const today = localDate(new Date().toISOString(), zone);
  const blank = (): ReceiveValues => ({ item, barcode: '', quantity: '', unit: 'purchase', lotNumber: '', expiresOn: '', noExpiry: false, receivedOn: today });
  const form = useFormState<ReceiveValues>(blank());
  const { reset } = form;
  const [lookup, setLookup] = useState<string | null>(null);
  const record = useRecordStock();
  useEffect(() => {
    if (open) reset(blank());
    // the blank values are taken once per opening
  }, [open]);

  const v = form.values;
  const e = form.errors;
  const picked = v.item;
  const packed = picked?.unitsPerPurchase !== undefined && picked.unitsPerPurchase > 1;

  /** A barcode typed or scanned: the one item that carries it, else say so under the field. */
  const findBarcode = async (code: string) => {
    const barcode = code.trim();
    form.set('barcode', barcode);
    if (!barcode) return;
    setLookup(null);
    try {
      const page = await api(listItems, { query: { barcode, locationId, limit: 1, offset: 0 } });
      const found = page.items[0];
      if (found) form.set('item', found);
      else setLookup(`No item has the barcode ${barcode}`);
    } catch {
      setLookup('The barcode could not be looked up. Pick the item instead.');
    }
  };

  const submit = () => {
    const input = {
      type: 'received' as const,
      itemId: picked?.id ?? '',
      locationId,
      quantity: numberOrNull(v.quantity) ?? Number.NaN,
      unit: packed ? v.unit : 'sell',
      lotNumber: v.lotNumber.trim() || null,
      expiresOn: v.noExpiry ? null : v.expiresOn || undefined,
      receivedOn: v.receivedOn || undefined,
    };
    const data = form.check(InventoryLogInput, input);
    // No date and no tick: say what to do in words rather than the schema's 'is required'.
    if (!v.noExpiry && !v.expiresOn) form.setErrors((current) => ({ ...current, expiresOn: 'Enter the expiry date, or tick Does not expire' }));
    if (!data) return;
    record.mutate(data, {
      onSuccess: () => {
        notifySuccess(INVENTORY_MESSAGES.stockReceived);
        onClose();
      },
      onError: form.saveFailed(INVENTORY_MESSAGES.logCreateError),
    });
  };

  const quantity = numberOrNull(v.quantity);
  const inSellUnits = picked && quantity && Number.isFinite(quantity) ? (packed && v.unit === 'purchase' ? quantity * picked.unitsPerPurchase! : quantity) : null;
  return (
    <EntityFormDialog open={open} title="Receive stock" submitLabel="Receive" submitting={record.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <ItemPicker value={picked} onChange={(x) => form.set('item', x)} locationId={locationId} error={e.itemId} required />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput
          label="Barcode"
          value={v.barcode}
          onValueChange={(x) => {
            form.set('barcode', x);
            setLookup(null);
          }}
          onKeyDown={(event) => {
            // Enter looks the barcode up (a handheld scanner types it and presses Enter) rather than submitting.
            if (event.key === 'Enter') {
              event.preventDefault();
              void findBarcode(v.barcode);
            }
          }}
          error={lookup ?? undefined}
          helperText="Type or scan it and press Enter"
        />
        <ScanButton onDetected={(code) => void findBarcode(code)} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextInput
          label="Quantity"
          required
          value={v.quantity}
          onValueChange={(x) => form.set('quantity', x)}
          error={e.quantity}
          helperText={picked && inSellUnits !== null && picked.sellUnit ? describeQuantity(inSellUnits, picked as Required<ItemChoice>) : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        {packed && (
          <Stack>
            <FormLabel id="receive-unit">Counted in</FormLabel>
            <RadioGroup row aria-labelledby="receive-unit" value={v.unit} onChange={(event) => form.set('unit', event.target.value as ReceiveValues['unit'])}>
              <FormControlLabel
                value="purchase"
                control={<Radio />}
                label={`${capital(plural(picked.purchaseUnit ?? 'box', 2))} of ${picked.unitsPerPurchase}`}
              />
              <FormControlLabel value="sell" control={<Radio />} label={capital(plural(picked.sellUnit ?? 'unit', 2))} />
            </RadioGroup>
          </Stack>
        )}
      </Stack>
      <FormError message={e.unit} />
      <TextInput label="Lot number" value={v.lotNumber} onValueChange={(x) => form.set('lotNumber', x)} error={e.lotNumber} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <DateInput label="Expiry date" value={v.noExpiry ? '' : v.expiresOn} onValueChange={(x) => form.set('expiresOn', x)} error={e.expiresOn} disabled={v.noExpiry} />
        <FormControlLabel
          control={
            <Checkbox
              checked={v.noExpiry}
              onChange={(event) => {
                form.set('noExpiry', event.target.checked);
                form.setErrors(({ expiresOn: _gone, ...rest }) => rest);
              }}
            />
          }
          label="Does not expire"
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <DateInput label="Received on" value={v.receivedOn} onValueChange={(x) => form.set('receivedOn', x)} error={e.receivedOn} />
      {picked?.archivedAt && <Alert severity="warning">{INVENTORY_MESSAGES.archivedItem}</Alert>}
    </EntityFormDialog>
  );
}
