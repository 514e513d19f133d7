import { useMemo, useState } from 'react';
import { Box, Button, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { DEFAULT_CURRENCY, EXPIRY_WINDOWS, formatCents, INVENTORY_CATEGORY_LABELS, INVENTORY_CATEGORIES, INVENTORY_MESSAGES } from '@willow/contracts';
import type { InventoryCategory, StockRow } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SelectInput, SwitchInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useServerPages } from '../../components/use-server-pages';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useWorkingLocation } from '../locations/use-working-location';
import { stockExportUrl, useStock } from './inventory.api';
import { ReceiveDialog } from './receive-dialog';
import { ReorderDialog } from './reorder-dialog';
import { stockColumns } from './stock-columns';
import type { StockActions } from './stock-columns';
import { StockMovementDialog } from './stock-movement-dialog';
import type { MovementKind } from './stock-movement-dialog';
import { StockTakeDialog } from './stock-take-dialog';

type Open =
  | { kind: 'receive'; row: StockRow | null }
  | { kind: 'count'; row: StockRow }
  | { kind: 'reorder' }
  | { kind: MovementKind; row: StockRow };

const counted = (row: StockRow) => ({ itemId: row.itemId, name: row.name, sellUnit: row.sellUnit });
const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);

/**
 * Stock at the location chosen in the navigation (the user's own under All Locations, with a
 * picker): on hand, value at cost, reorder point and expiry by item, filtered; the totals of all
 * that match; the CSV of it by lot; the reorder list; and per row Receive, Use, Write off,
 * Transfer and Count.
 */
export default function StockPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const canManage = useHasAnyPermission(['inventory.manage']);
  const working = useWorkingLocation();
  const locationId = working.locationId;
  const [typed, setTyped] = useState('');
  const [category, setCategory] = useState('');
  const [belowReorder, setBelowReorder] = useState(false);
  const [expiring, setExpiring] = useState('');
  const filter = locationId
    ? {
        locationId,
        search: typed || undefined,
        category: (category || undefined) as InventoryCategory | undefined,
        belowReorder: belowReorder || undefined,
        expiringWithin: expiring ? (Number(expiring) as 30 | 60 | 90) : undefined,
      }
    : null;
  const pages = useServerPages(filter);
  const stock = useStock(pages.query as Parameters<typeof useStock>[0], pages.options);
  useLoadingToast(stock.isLoading, 'Loading Stock...');
  useErrorToast(stock.error, INVENTORY_MESSAGES.stockListError);
  const [open, setOpen] = useState<Open | null>(null);
  const actions = useMemo<StockActions>(
    () => ({
      receive: (row) => setOpen({ kind: 'receive', row }),
      use: (row) => setOpen({ kind: 'administered', row }),
      writeOff: (row) => setOpen({ kind: 'writeOff', row }),
      transfer: (row) => setOpen({ kind: 'transfer', row }),
      count: (row) => setOpen({ kind: 'count', row }),
    }),
    [],
  );
  const window = expiring ? Number(expiring) : 90;
  const columns = useMemo(() => stockColumns(actions, { canManage, phone, window }), [actions, canManage, phone, window]);
  const close = () => setOpen(null);
  const locationName = working.locations.find((l) => l.id === locationId)?.name;
  const totals = stock.data;

  return (
    <>
      <PageHeader
        title="Stock"
        subtitle={locationName}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} disabled={!locationId} onClick={() => setOpen({ kind: 'receive', row: null })}>
              Receive stock
            </Button>
            <Button startIcon={<ShoppingCartIcon />} disabled={!locationId} onClick={() => setOpen({ kind: 'reorder' })}>
              Reorder list
            </Button>
            {filter && (
              <Button component="a" href={stockExportUrl(filter)} download startIcon={<DownloadIcon />}>
                Export CSV
              </Button>
            )}
          </>
        }
      />
      <Box
        role="group"
        aria-label="Stock filters"
        sx={{ display: 'grid', gap: 1.5, mb: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}
      >
        {working.canPick && (
          <SelectInput label="Location" size="small" value={locationId ?? ''} onChange={working.pick} options={working.locations.map((l) => ({ value: l.id, label: l.name }))} />
        )}
        <SearchField labelled label="Search" size="small" placeholder="Name, SKU or barcode" onSettled={setTyped} />
        <SelectInput
          label="Category"
          size="small"
          value={category}
          onChange={setCategory}
          options={INVENTORY_CATEGORIES.map((c) => ({ value: c, label: INVENTORY_CATEGORY_LABELS[c] }))}
          emptyLabel="All categories"
        />
        <SelectInput
          label="Expiring within"
          size="small"
          value={expiring}
          onChange={setExpiring}
          options={EXPIRY_WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
          emptyLabel="Any time"
        />
        <SwitchInput label="Below reorder point" checked={belowReorder} onChange={setBelowReorder} />
      </Box>
      {totals && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="stock-totals">
          {`${totals.total} items · value at cost ${money(totals.value)} · ${totals.belowReorder} below reorder point · ${totals.expiring} expiring within ${window} days`}
        </Typography>
      )}
      <DataTable
        label="Stock"
        rows={stock.data?.items}
        getRowId={(row) => row.itemId}
        columns={columns}
        loadError={loadErrorOf(stock)}
        loading={stock.isFetching}
        noRowsLabel={filter && (filter.search || filter.category || filter.belowReorder || filter.expiringWithin) ? 'No items match' : 'No stock yet: receive some'}
        server={pages.table(stock.data?.total)}
        isRowFlagged={(row) => row.belowReorder}
        autoRowHeight
      />
      {locationId && open?.kind === 'receive' && (
        <ReceiveDialog open locationId={locationId} item={open.row && { ...open.row, id: open.row.itemId, locations: undefined }} onClose={close} />
      )}
      {locationId && open?.kind === 'count' && <StockTakeDialog open locationId={locationId} item={counted(open.row)} onClose={close} />}
      {locationId && open?.kind === 'reorder' && <ReorderDialog locationId={locationId} onClose={close} />}
      {locationId && open && (open.kind === 'administered' || open.kind === 'writeOff' || open.kind === 'transfer') && (
        <StockMovementDialog kind={open.kind} locationId={locationId} item={counted(open.row)} onClose={close} />
      )}
    </>
  );
}
