import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { SubscriptionTier } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { formatLimit, useDeleteTier, useSubscriptionTiers } from './subscriptions.api';
import { TierFormDialog } from './tier-form-dialog';

export default function SubscriptionTiersPage() {
  const tiers = useSubscriptionTiers();
  const remove = useDeleteTier();
  const [editing, setEditing] = useState<SubscriptionTier | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<SubscriptionTier | null>(null);
  useLoadingToast(tiers.isLoading, 'Loading Subscription Tiers...');
  useErrorToast(tiers.error, 'Error loading subscription tiers');

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
            onClick={() => {
              setEditing(row);
              setFormOpen(true);
            }}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={`Delete ${row.name}`}
            disabled={row.accountCount > 0}
            onClick={() => setDeleting(row)}
          />,
        ],
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Subscription Tiers"
        subtitle="Limits apply to every account on the tier. A blank limit means unlimited."
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            New tier
          </Button>
        }
      />
      <DataTable label="Subscription tiers" rows={tiers.data} columns={columns} loading={tiers.isLoading} getRowId={(t) => t.key} />
      <TierFormDialog open={formOpen} tier={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete subscription tier"
        message={`Delete the ${deleting?.name ?? ''} tier? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.key, {
            onSuccess: () => {
              notifySuccess('Subscription tier deleted');
              setDeleting(null);
            },
            onError: (error) => notifyError('Error deleting subscription tier', error),
          });
        }}
      />
    </>
  );
}
