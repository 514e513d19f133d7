import { Link, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { foldedColumn } from '../../components/data-table';
import { Link as RouterLink } from 'react-router';
import { CORRECTABLE_MOVEMENTS, MOVEMENT_TYPE_LABELS } from '@willow/contracts';
import type { InventoryLogEntry } from '@willow/contracts';
import { formatInZone } from '../appointments/appointment-times';
import { formatQuantity, plural } from './item-values';
import { lotLabel } from './stock-take-dialog';

export interface LogActions {
  correct: (entry: InventoryLogEntry) => void;
  undo: (entry: InventoryLogEntry) => void;
}

interface ColumnOptions {
  /** inventory.manage: entries recorded by hand may be corrected or undone */
  canManage: boolean;
  phone: boolean;
  zoneOf: (locationId: string) => string;
}

/** Only what a person recorded by hand is corrected through the log (a sale through its invoice). */
export const isCorrectable = (e: InventoryLogEntry) => (CORRECTABLE_MOVEMENTS as readonly string[]).includes(e.type);

/** '+100', '−10': the sign says which way stock moved. */
export const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatQuantity(Math.abs(n))}`;

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

function Patient({ row }: { row: InventoryLogEntry }) {
  if (!row.patientId) return null;
  return (
    <Link component={RouterLink} to={`/patients/${row.patientId}`} onClick={stop}>
      {row.patientName ?? 'Patient'}
    </Link>
  );
}

/**
 * The log's columns: when, item, lot, type, quantity ±, balance after it, who, patient, reason;
 * Correct and Undo on entries recorded by hand. On a phone they fold into one column.
 */
export function logColumns(actions: LogActions, { canManage, phone, zoneOf }: ColumnOptions): GridColDef<InventoryLogEntry>[] {
  const rowActions: GridColDef<InventoryLogEntry> = {
    field: 'actions',
    type: 'actions',
    width: phone ? 48 : 90,
    getActions: ({ row }) =>
      canManage && isCorrectable(row)
        ? [
            <GridActionsCellItem key="correct" icon={<EditIcon />} label={`Correct entry: ${row.itemName} ${signed(row.quantity)}`} onClick={() => actions.correct(row)} showInMenu={phone} />,
            <GridActionsCellItem key="undo" icon={<UndoIcon />} label={`Undo entry: ${row.itemName} ${signed(row.quantity)}`} onClick={() => actions.undo(row)} showInMenu={phone} />,
          ]
        : [],
  };
  const when = (row: InventoryLogEntry) => formatInZone(row.createdAt, zoneOf(row.locationId));
  const lot = (row: InventoryLogEntry) => (row.lotId ? lotLabel(row) : '');
  if (phone)
    return [
      foldedColumn<InventoryLogEntry>('itemName', 'Entry', (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {`${row.itemName} ${signed(row.quantity)} ${plural(row.sellUnit, Math.abs(row.quantity))}`}
          </Typography>
          <Typography variant="body2" component="div">{`${MOVEMENT_TYPE_LABELS[row.type]} · balance ${formatQuantity(row.balance)}`}</Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {[when(row), row.userName, lot(row), row.reason].filter(Boolean).join(' · ')}
          </Typography>
          <Patient row={row} />
        </>
      )),
      rowActions,
    ];
  return [
    { field: 'createdAt', headerName: 'When', width: 170, valueGetter: (_v, row) => when(row) },
    { field: 'itemName', headerName: 'Item', flex: 1, minWidth: 150 },
    { field: 'lot', headerName: 'Lot', width: 200, sortable: false, valueGetter: (_v, row) => lot(row) },
    { field: 'type', headerName: 'Type', width: 130, valueGetter: (_v, row) => MOVEMENT_TYPE_LABELS[row.type] },
    { field: 'quantity', headerName: 'Quantity', width: 110, align: 'right', headerAlign: 'right', valueGetter: (_v, row) => `${signed(row.quantity)} ${plural(row.sellUnit, Math.abs(row.quantity))}` },
    { field: 'balance', headerName: 'Balance', width: 90, align: 'right', headerAlign: 'right', valueGetter: (_v, row) => formatQuantity(row.balance) },
    { field: 'userName', headerName: 'Who', width: 140 },
    { field: 'patientName', headerName: 'Patient', width: 140, renderCell: ({ row }) => <Patient row={row} /> },
    { field: 'reason', headerName: 'Reason', flex: 1, minWidth: 150 },
    rowActions,
  ];
}
