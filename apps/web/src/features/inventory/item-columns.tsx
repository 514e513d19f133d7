import { Chip, Link, Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { foldedColumn } from '../../components/data-table';
import { DEFAULT_CURRENCY, formatCents, INVENTORY_CATEGORY_LABELS } from '@willow/contracts';
import type { ItemListRow } from '@willow/contracts';
import { ArchivedChip } from '../../components/archived-chip';
import { formatQuantity, plural } from './item-values';

export interface ItemActions {
  edit: (item: ItemListRow) => void;
  archive: (item: ItemListRow) => void;
  restore: (item: ItemListRow) => void;
  remove: (item: ItemListRow) => void;
}

const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);
const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** How it is bought and sold: 'box of 100 tablets', or 'by the ml'. */
export const unitsOf = (i: ItemListRow) => (i.unitsPerPurchase > 1 ? `${i.purchaseUnit} of ${i.unitsPerPurchase} ${plural(i.sellUnit, i.unitsPerPurchase)}` : `by the ${i.sellUnit}`);

function NameCell({ row, actions, canManage }: { row: ItemListRow; actions: ItemActions; canManage: boolean }) {
  const name = canManage ? (
    <Link component="button" type="button" onClick={(e) => (stop(e), actions.edit(row))} sx={{ color: 'inherit', fontWeight: 500, textAlign: 'left' }}>
      {row.name}
    </Link>
  ) : (
    <span>{row.name}</span>
  );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {name}
      {row.controlled && <Chip size="small" variant="outlined" label="Controlled" />}
      <ArchivedChip archivedAt={row.archivedAt} />
    </Stack>
  );
}

/** The items list's columns; on a phone they fold into one column under the name. */
export function itemColumns(actions: ItemActions, { canManage, phone }: { canManage: boolean; phone: boolean }): GridColDef<ItemListRow>[] {
  const rowActions: GridColDef<ItemListRow> = {
    field: 'actions',
    type: 'actions',
    width: phone ? 48 : 90,
    getActions: ({ row }) =>
      canManage
        ? [
            <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => actions.edit(row)} showInMenu={phone} />,
            row.archivedAt ? (
              <GridActionsCellItem key="restore" icon={<UnarchiveIcon />} label={`Restore ${row.name}`} onClick={() => actions.restore(row)} showInMenu />
            ) : (
              <GridActionsCellItem key="archive" icon={<ArchiveIcon />} label={`Archive ${row.name}`} onClick={() => actions.archive(row)} showInMenu />
            ),
            <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => actions.remove(row)} showInMenu />,
          ]
        : [],
  };
  const onHand = (row: ItemListRow) => (row.onHand === null ? '' : `${formatQuantity(row.onHand)} ${plural(row.sellUnit, row.onHand)}`);
  if (phone)
    return [
      foldedColumn<ItemListRow>('name', 'Item', (row) => (
        <>
          <NameCell row={row} actions={actions} canManage={canManage} />
          <Typography variant="body2" component="div">{`${INVENTORY_CATEGORY_LABELS[row.category]} · ${unitsOf(row)}`}</Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {[`${money(row.sellPrice)} per ${row.sellUnit}`, onHand(row) && `${onHand(row)} on hand`, row.sku].filter(Boolean).join(' · ')}
          </Typography>
        </>
      )),
      rowActions,
    ];
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <NameCell row={row} actions={actions} canManage={canManage} /> },
    { field: 'category', headerName: 'Category', width: 120, valueGetter: (_v, row) => INVENTORY_CATEGORY_LABELS[row.category] },
    { field: 'sku', headerName: 'SKU', width: 110 },
    { field: 'units', headerName: 'Units', width: 180, sortable: false, valueGetter: (_v, row) => unitsOf(row) },
    { field: 'cost', headerName: 'Cost', width: 100, type: 'number', valueGetter: (_v, row) => `${money(row.cost)}` },
    { field: 'sellPrice', headerName: 'Sell price', width: 100, type: 'number', valueGetter: (_v, row) => `${money(row.sellPrice)}` },
    { field: 'onHand', headerName: 'On hand', width: 120, valueGetter: (_v, row) => onHand(row) },
    { field: 'supplierName', headerName: 'Supplier', width: 150 },
    rowActions,
  ];
}
