import { useMemo, useState } from 'react';
import { Alert, Box, useMediaQuery, useTheme } from '@mui/material';
import { INVENTORY_MESSAGES, MOVEMENT_TYPE_LABELS, MOVEMENT_TYPES } from '@willow/contracts';
import type { InventoryLogEntry, MovementType } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { DateInput, SelectInput, SwitchInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { QuickFilter } from '../../components/quick-filter';
import { useServerPages } from '../../components/use-server-pages';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useZoneOf } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { useInventoryLog } from './inventory.api';
import type { LogQuery } from './inventory.api';
import { ItemPicker } from './item-picker';
import type { ItemChoice } from './item-picker';
import { logColumns } from './log-columns';
import type { LogActions } from './log-columns';
import { CorrectEntryDialog, UndoEntryDialog } from './log-entry-dialogs';

type View = 'log' | 'ledger';
const VIEWS = [
  { value: 'log' as const, label: 'Log' },
  { value: 'ledger' as const, label: 'Controlled-drug ledger' },
];

/**
 * The inventory log at a location: every change of stock, newest first, filtered by item, type,
 * controlled drugs and dates. The controlled-drug ledger is one controlled item read like a book:
 * oldest first, each entry with the running balance after it. Entries are never edited: those
 * recorded by hand are corrected or undone by a new entry with its reason.
 */
export default function InventoryLogPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const canManage = useHasAnyPermission(['inventory.manage']);
  const zoneOf = useZoneOf();
  const working = useWorkingLocation();
  const locationId = working.locationId;
  const [view, setView] = useState<View>('log');
  const [item, setItem] = useState<ItemChoice | null>(null);
  const [type, setType] = useState('');
  const [controlled, setControlled] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const ledger = view === 'ledger';
  const filter: Omit<LogQuery, 'limit' | 'offset'> | null =
    locationId && (!ledger || item)
      ? {
          locationId,
          itemId: item?.id,
          type: (type || undefined) as MovementType | undefined,
          controlled: ledger || controlled || undefined,
          from: from || undefined,
          to: to || undefined,
          order: ledger ? 'oldest' : 'newest',
        }
      : null;
  const pages = useServerPages(filter);
  const log = useInventoryLog(pages.query, pages.options);
  useLoadingToast(log.isLoading, 'Loading Inventory Log...');
  useErrorToast(log.error, INVENTORY_MESSAGES.logListError);
  const [open, setOpen] = useState<{ kind: 'correct' | 'undo'; entry: InventoryLogEntry } | null>(null);
  const actions = useMemo<LogActions>(() => ({ correct: (entry) => setOpen({ kind: 'correct', entry }), undo: (entry) => setOpen({ kind: 'undo', entry }) }), []);
  const columns = useMemo(() => logColumns(actions, { canManage, phone, zoneOf }), [actions, canManage, phone, zoneOf]);
  const locationName = working.locations.find((l) => l.id === locationId)?.name;

  return (
    <>
      <PageHeader title="Inventory Log" subtitle={locationName} actions={<QuickFilter label="View" value={view} options={VIEWS} onChange={setView} />} />
      <Box
        role="group"
        aria-label="Log filters"
        sx={{ display: 'grid', gap: 1.5, mb: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}
      >
        {working.canPick && (
          <SelectInput label="Location" size="small" value={locationId ?? ''} onChange={working.pick} options={working.locations.map((l) => ({ value: l.id, label: l.name }))} />
        )}
        <ItemPicker size="small" label={ledger ? 'Controlled drug' : 'Item'} value={item} onChange={setItem} locationId={locationId} controlled={ledger} />
        {!ledger && (
          <SelectInput
            label="Type"
            size="small"
            value={type}
            onChange={setType}
            options={MOVEMENT_TYPES.map((t) => ({ value: t, label: MOVEMENT_TYPE_LABELS[t] }))}
            emptyLabel="All types"
          />
        )}
        <DateInput label="From" size="small" value={from} onValueChange={setFrom} />
        <DateInput label="To" size="small" value={to} onValueChange={setTo} />
        {!ledger && <SwitchInput label="Controlled drugs only" checked={controlled} onChange={setControlled} />}
      </Box>
      {ledger && !item ? (
        <Alert severity="info">Choose a controlled drug to read its ledger: every entry, oldest first, with the balance after it.</Alert>
      ) : (
        <DataTable
          label={ledger ? 'Controlled-drug ledger' : 'Inventory log'}
          rows={log.data?.items}
          columns={columns}
          loadError={loadErrorOf(log)}
          loading={log.isFetching}
          noRowsLabel={ledger ? 'No entries for this drug here' : 'No entries match'}
          server={pages.table(log.data?.total)}
          autoRowHeight={phone}
        />
      )}
      {open?.kind === 'correct' && <CorrectEntryDialog entry={open.entry} onClose={() => setOpen(null)} />}
      {open?.kind === 'undo' && <UndoEntryDialog entry={open.entry} onClose={() => setOpen(null)} />}
    </>
  );
}
