import { useEffect, useMemo } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { INVENTORY_MESSAGES, StockTakeInput } from '@willow/contracts';
import type { Lot } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { FormError, numberOrNull, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useItemLots, usePostStockTake } from './inventory.api';
import { formatQuantity, plural } from './item-values';

export interface CountedItem {
  itemId: string;
  name: string;
  sellUnit: string;
}

interface CountValues {
  /** what was counted per lot id, as typed ('' = not counted: left as it is) */
  counted: Record<string, string>;
  reason: string;
}

/** A lot in words: its number (or that it has none) and its expiry (or that it does not expire). */
export function lotLabel(lot: Pick<Lot, 'lotNumber' | 'expiresOn'>): string {
  return `${lot.lotNumber ? `Lot ${lot.lotNumber}` : 'No lot number'} · ${lot.expiresOn ? `expires ${lot.expiresOn}` : 'does not expire'}`;
}

/** The difference a count makes, in words: '+2 tablets', '−3 tablets', 'No difference'; null while nothing (valid) is typed. */
export function differenceText(onHand: number, typed: string, unit: string): string | null {
  const counted = numberOrNull(typed);
  if (counted === null || !Number.isFinite(counted)) return null;
  const diff = Math.round((counted - onHand) * 1000) / 1000;
  if (diff === 0) return 'No difference';
  return `${diff > 0 ? '+' : '−'}${formatQuantity(Math.abs(diff))} ${plural(unit, Math.abs(diff))}`;
}

interface StockTakeDialogProps {
  open: boolean;
  locationId: string;
  item: CountedItem;
  onClose: () => void;
}

/**
 * A count of one item at a location: each lot's on hand beside a Counted field, the difference
 * shown as it is typed, a reason, and Post count, which writes a count correction for each lot
 * whose count differs (lots left blank are not changed).
 */
export function StockTakeDialog({ open, locationId, item, onClose }: StockTakeDialogProps) {
  const lots = useItemLots(open ? item.itemId : null, locationId);
  const form = useFormState<CountValues>({ counted: {}, reason: '' });
  const { reset } = form;
  const post = usePostStockTake();
  useEffect(() => {
    if (open) reset({ counted: {}, reason: '' });
  }, [open, reset]);
  const v = form.values;
  const e = form.errors;
  const list = useMemo(() => lots.data ?? [], [lots.data]);
  // The counts sent, in the order of the lots shown: a server's 'counts.N.counted' points back at its lot.
  const sent = list.filter((l) => (v.counted[l.id] ?? '').trim() !== '');

  const submit = () => {
    const data = form.check(StockTakeInput, {
      locationId,
      itemId: item.itemId,
      counts: sent.map((l) => ({ lotId: l.id, counted: numberOrNull(v.counted[l.id]!) ?? Number.NaN })),
      reason: v.reason,
    });
    if (!data) return;
    post.mutate(data, {
      onSuccess: () => {
        notifySuccess(INVENTORY_MESSAGES.stockTakePosted);
        onClose();
      },
      onError: form.saveFailed(INVENTORY_MESSAGES.stockTakeError),
    });
  };

  return (
    <EntityFormDialog open={open} title={`Count ${item.name}`} submitLabel="Post count" submitting={post.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      {lots.isSuccess && list.length === 0 && <Alert severity="info">No lots of this item are in stock here. Receive stock to start one.</Alert>}
      {lots.error && <Alert severity="error">{lots.error.message}</Alert>}
      {list.map((lot) => {
        const index = sent.indexOf(lot);
        const difference = differenceText(lot.onHand, v.counted[lot.id] ?? '', item.sellUnit);
        const label = lotLabel(lot);
        return (
          <Paper key={lot.id} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={label}>
            <Typography variant="subtitle2">{label}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mt: 1 }}>
              <Typography variant="body2" sx={{ minWidth: 140 }}>{`On hand: ${formatQuantity(lot.onHand)} ${plural(item.sellUnit, lot.onHand)}`}</Typography>
              <Box sx={{ maxWidth: 180 }}>
                <TextInput
                  size="small"
                  label="Counted"
                  value={v.counted[lot.id] ?? ''}
                  onValueChange={(x) => form.set('counted', { ...v.counted, [lot.id]: x })}
                  error={index >= 0 ? e[`counts.${index}.counted`] : undefined}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Box>
              <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600, color: difference && difference !== 'No difference' ? 'warning.dark' : 'text.secondary' }}>
                {difference ? `Difference: ${difference}` : ''}
              </Typography>
            </Stack>
          </Paper>
        );
      })}
      <FormError message={e.counts} />
      <TextInput label="Reason" required value={v.reason} onValueChange={(x) => form.set('reason', x)} error={e.reason} placeholder="e.g. Monthly count" />
    </EntityFormDialog>
  );
}
