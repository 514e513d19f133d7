import { useMemo, useState } from 'react';
import { Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { AccountWithDetails } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { AccountCreateDialog } from './account-create-dialog';
import { AccountEditDialog } from './account-edit-dialog';
import { useAllAccountsWithDetails } from './accounts.api';

export default function AccountsAdminPage() {
  const accounts = useAllAccountsWithDetails();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AccountWithDetails | null>(null);
  useLoadingToast(accounts.isLoading, 'Loading Accounts...');
  useErrorToast(accounts.error, 'Error loading accounts');

  const columns = useMemo<GridColDef<AccountWithDetails>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'subscriptionTier', headerName: 'Tier', width: 110 },
      {
        field: 'isActive',
        headerName: 'Active',
        width: 100,
        renderCell: ({ value }) => (
          <Chip size="small" label={value ? 'Active' : 'Inactive'} color={value ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'users', headerName: 'Users', type: 'number', width: 80, valueGetter: (_v, row) => row.details?.users },
      { field: 'activeUsers', headerName: 'Active users', type: 'number', width: 110, valueGetter: (_v, row) => row.details?.activeUsers },
      { field: 'locations', headerName: 'Locations', type: 'number', width: 100, valueGetter: (_v, row) => row.details?.locations },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 120,
        valueGetter: (v: string) => new Date(v),
        type: 'date',
      },
      {
        field: 'actions',
        type: 'actions',
        width: 60,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => setEditing(row)} />,
        ],
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Accounts"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New account
          </Button>
        }
      />
      <DataTable label="Accounts" rows={accounts.data} columns={columns} loadError={loadErrorOf(accounts)} loading={accounts.isLoading} />
      <AccountCreateDialog open={creating} onClose={() => setCreating(false)} />
      <AccountEditDialog account={editing} onClose={() => setEditing(null)} />
    </>
  );
}
