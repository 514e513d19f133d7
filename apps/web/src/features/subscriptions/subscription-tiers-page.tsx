import { useMemo } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { SubscriptionTier } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { formatLimit, useDeleteTier, useSubscriptionTiers } from './subscriptions.api';
import { TierFormDialog } from './tier-form-dialog';

export default function SubscriptionTiersPage() {
  const tiers = useSubscriptionTiers();
  const remove = useDeleteTier();
  const formDialog = useFormDialog<SubscriptionTier>();
  const { openEdit } = formDialog;
  useLoadingToast(tiers.isLoading, 'Loading Subscription Tiers...');
  useErrorToast(tiers.error, 'Error loading subscription tiers');
  const confirmDelete = useConfirmDelete<SubscriptionTier>({
    title: 'Delete subscription tier',
    message: (t) => `Delete the ${t.name} tier? This cannot be undone.`,
    run: (t) => remove.mutateAsync(t.key),
    success: 'Subscription tier deleted',
    error: 'Error deleting subscription tier',
  });
  const askDelete = confirmDelete.ask;

  const columns = useMemo<GridColDef<SubscriptionTier>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
      { field: 'key', headerName: 'Key', width: 120 },
      { field: 'maxUsers', headerName: 'Max users', width: 110, valueFormatter: (v: number | null) => formatLimit(v) },
      { field: 'maxLocations', headerName: 'Max locations', width: 120, valueFormatter: (v: number | null) => formatLimit(v) },
      { field: 'accountCount', headerName: 'Accounts', type: 'number', width: 100 },
      {
        field: 'actions',
        type: 'actions',
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Edit ${row.name}`}
            onClick={() => openEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={`Delete ${row.name}`}
            disabled={row.accountCount > 0}
            onClick={() => askDelete(row)}
          />,
        ],
      },
    ],
    [openEdit, askDelete],
  );

  return (
    <>
      <PageHeader
        title="Subscription Tiers"
        subtitle="Limits apply to every account on the tier. A blank limit means unlimited."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew}>
            New tier
          </Button>
        }
      />
      <DataTable label="Subscription tiers" rows={tiers.data} columns={columns} loadError={loadErrorOf(tiers)} loading={tiers.isLoading} getRowId={(t) => t.key} />
      <TierFormDialog open={formDialog.open} tier={formDialog.editing} onClose={formDialog.close} />
      {confirmDelete.dialog}
    </>
  );
}
