import { useEffect, useMemo } from 'react';
import { INVENTORY_MESSAGES, InventoryLogInput } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { numberOrNull, SelectInput, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { PatientPicker } from '../patients/patient-picker';
import type { PatientChoice } from '../patients/patient-picker';
import { useItemLots, useRecordStock } from './inventory.api';
import { formatQuantity, plural } from './item-values';
import { lotLabel } from './stock-take-dialog';
import type { CountedItem } from './stock-take-dialog';

/** What a row of the stock list does to stock by hand besides receiving and counting. */
export type MovementKind = 'administered' | 'writeOff' | 'transfer';

const TITLES: Record<MovementKind, string> = { administered: 'Use', writeOff: 'Write off', transfer: 'Transfer' };
const SUBMIT: Record<MovementKind, string> = { administered: 'Record use', writeOff: 'Write off', transfer: 'Transfer' };

interface MovementValues {
  quantity: string;
  lotId: string;
  patient: PatientChoice | null;
  writeOff: 'expired' | 'damaged';
  toLocationId: string;
  reason: string;
}

interface StockMovementDialogProps {
  kind: MovementKind;
  locationId: string;
  item: CountedItem;
  onClose: () => void;
}

/**
 * Stock taken by hand: used on a patient (administered), written off as expired or damaged, or
 * moved to another location. The lot is the first to expire unless one is chosen (a write-off
 * names its lot). Mounted for one opening.
 */
export function StockMovementDialog({ kind, locationId, item, onClose }: StockMovementDialogProps) {
  const lots = useItemLots(item.itemId, locationId);
  const locations = useLocations(true);
  const form = useFormState<MovementValues>({ quantity: '', lotId: '', patient: null, writeOff: 'expired', toLocationId: '', reason: '' });
  const record = useRecordStock();
  const v = form.values;
  const e = form.errors;
  const lotOptions = useMemo(
    () => (lots.data ?? []).map((l) => ({ value: l.id, label: `${lotLabel(l)} · ${formatQuantity(l.onHand)} ${plural(item.sellUnit, l.onHand)}` })),
    [lots.data, item.sellUnit],
  );
  const { set } = form;
  // A write-off names its lot: the first to expire is the likely one.
  useEffect(() => {
    if (kind === 'writeOff' && !v.lotId && lots.data?.[0]) set('lotId', lots.data[0].id);
  }, [kind, lots.data, v.lotId, set]);

  const submit = () => {
    const quantity = numberOrNull(v.quantity) ?? Number.NaN;
    const base = { itemId: item.itemId, locationId, quantity };
    const reason = v.reason.trim() || null;
    const input =
      kind === 'administered'
        ? { ...base, type: 'administered' as const, lotId: v.lotId || null, patientId: v.patient?.id ?? '', reason }
        : kind === 'writeOff'
          ? { ...base, type: v.writeOff, lotId: v.lotId, reason: v.reason }
          : { ...base, type: 'transfer' as const, toLocationId: v.toLocationId, lotId: v.lotId || null, reason };
    const data = form.check(InventoryLogInput, input);
    if (!data) return;
    record.mutate(data, {
      onSuccess: () => {
        notifySuccess(INVENTORY_MESSAGES.logCreated);
        onClose();
      },
      onError: form.saveFailed(INVENTORY_MESSAGES.logCreateError),
    });
  };

  return (
    <EntityFormDialog open title={`${TITLES[kind]} ${item.name}`} submitLabel={SUBMIT[kind]} submitting={record.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      {kind === 'administered' && <PatientPicker value={v.patient} onChange={(p) => form.set('patient', p)} error={e.patientId} />}
      {kind === 'writeOff' && (
        <SelectInput
          label="Written off as"
          value={v.writeOff}
          onChange={(x) => form.set('writeOff', x as MovementValues['writeOff'])}
          options={[
            { value: 'expired', label: 'Expired' },
            { value: 'damaged', label: 'Damaged' },
          ]}
        />
      )}
      {kind === 'transfer' && (
        <SelectInput
          label="To location"
          required
          value={v.toLocationId}
          onChange={(x) => form.set('toLocationId', x)}
          options={(locations.data ?? []).filter((l) => l.id !== locationId).map((l) => ({ value: l.id, label: l.name }))}
          error={e.toLocationId}
        />
      )}
      <TextInput
        label="Quantity"
        required
        value={v.quantity}
        onValueChange={(x) => form.set('quantity', x)}
        error={e.quantity}
        helperText={`in ${plural(item.sellUnit, 2)}`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <SelectInput
        label="Lot"
        value={v.lotId}
        onChange={(x) => form.set('lotId', x)}
        options={lotOptions}
        required={kind === 'writeOff'}
        {...(kind !== 'writeOff' && { emptyLabel: 'The first to expire' })}
        error={e.lotId}
      />
      <TextInput
        label="Reason"
        required={kind === 'writeOff'}
        multiline
        minRows={2}
        value={v.reason}
        onValueChange={(x) => form.set('reason', x)}
        error={e.reason}
      />
    </EntityFormDialog>
  );
}
