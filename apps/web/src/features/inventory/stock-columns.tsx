import { Box, Chip, Stack, Typography } from '@mui/material';
import AddBoxIcon from '@mui/icons-material/AddBox';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import MedicationIcon from '@mui/icons-material/Medication';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { foldedColumn } from '../../components/data-table';
import { DEFAULT_CURRENCY, formatCents } from '@willow/contracts';
import type { StockRow } from '@willow/contracts';
import { describeQuantity, formatQuantity, plural } from './item-values';

export interface StockActions {
  receive: (row: StockRow) => void;
  use: (row: StockRow) => void;
  writeOff: (row: StockRow) => void;
  transfer: (row: StockRow) => void;
  count: (row: StockRow) => void;
}

interface ColumnOptions {
  /** inventory.manage: counts are posted by those who manage the stock */
  canManage: boolean;
  /** a phone: the facts fold into one column under the name */
  phone: boolean;
  /** the expiry window the page filters by (90 days when none) */
  window: number;
}

const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);

function Flags({ row, window }: { row: StockRow; window: number }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {row.controlled && <Chip size="small" variant="outlined" label="Controlled" />}
      {row.belowReorder && <Chip size="small" color="warning" label="Below reorder point" />}
      {row.expiring > 0 && <Chip size="small" color="error" variant="outlined" label={`${formatQuantity(row.expiring)} expiring in ${window} days`} />}
    </Stack>
  );
}

const onHandText = (row: StockRow) => describeQuantity(row.onHand, row);

/**
 * The stock list's columns: item, on hand (sell units, and boxes), value at cost, reorder point,
 * the flags (below reorder, expiring), next expiry, and what a row can do. On a phone the facts
 * fold into one column under the name.
 */
export function stockColumns(actions: StockActions, { canManage, phone, window }: ColumnOptions): GridColDef<StockRow>[] {
  const rowActions: GridColDef<StockRow> = {
    field: 'actions',
    type: 'actions',
    width: phone ? 48 : 100,
    getActions: ({ row }) => [
      <GridActionsCellItem key="receive" icon={<AddBoxIcon />} label={`Receive ${row.name}`} onClick={() => actions.receive(row)} showInMenu={phone} />,
      <GridActionsCellItem key="use" icon={<MedicationIcon />} label={`Use ${row.name}`} onClick={() => actions.use(row)} showInMenu />,
      <GridActionsCellItem key="writeOff" icon={<DeleteSweepIcon />} label={`Write off ${row.name}`} onClick={() => actions.writeOff(row)} showInMenu />,
      <GridActionsCellItem key="transfer" icon={<SwapHorizIcon />} label={`Transfer ${row.name}`} onClick={() => actions.transfer(row)} showInMenu />,
      ...(canManage ? [<GridActionsCellItem key="count" icon={<ChecklistIcon />} label={`Count ${row.name}`} onClick={() => actions.count(row)} showInMenu={phone} />] : []),
    ],
  };
  if (phone)
    return [
      foldedColumn<StockRow>('name', 'Item', (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.name}
          </Typography>
          <Typography variant="body2" component="div">{`${onHandText(row)} · ${money(row.value)}`}</Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {`Reorder at ${formatQuantity(row.reorderPoint)} · ${row.nextExpiry ? `Next expiry ${row.nextExpiry}` : 'No expiry'}`}
          </Typography>
          <Flags row={row} window={window} />
        </>
      )),
      rowActions,
    ];
  return [
    {
      field: 'name',
      headerName: 'Item',
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box sx={{ whiteSpace: 'normal', lineHeight: 1.3, py: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.name}
          </Typography>
          {row.sku && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {row.sku}
            </Typography>
          )}
        </Box>
      ),
    },
    { field: 'onHand', headerName: 'On hand', width: 200, valueGetter: (_v, row) => onHandText(row) },
    { field: 'value', headerName: 'Value at cost', width: 120, type: 'number', valueFormatter: (value: number) => money(value) },
    { field: 'reorderPoint', headerName: 'Reorder point', width: 120, valueGetter: (_v, row) => (row.reorderPoint > 0 ? `${formatQuantity(row.reorderPoint)} ${plural(row.sellUnit, row.reorderPoint)}` : '—') },
    { field: 'nextExpiry', headerName: 'Next expiry', width: 120, valueGetter: (_v, row) => row.nextExpiry ?? (row.onHand > 0 ? 'Does not expire' : '—') },
    { field: 'flags', headerName: 'Status', flex: 1, minWidth: 200, sortable: false, renderCell: ({ row }) => <Flags row={row} window={window} /> },
    rowActions,
  ];
}
