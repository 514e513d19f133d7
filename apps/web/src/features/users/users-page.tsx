import { useMemo, useState } from 'react';
import { Button, Chip, Switch } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifyServerError, notifySuccess, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { useRoles } from '../roles/roles.api';
import { UserFormDialog } from './user-form-dialog';
import { useDeleteUser, useToggleUserActivation, useUsers } from './users.api';

const namesOf = (ids: readonly string[], names: Map<string, string>) =>
  ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));

export default function UsersPage() {
  const canManage = useHasAnyPermission(['users.manage']);
  const users = useUsers();
  const roles = useRoles();
  const locations = useLocations(false);
  const remove = useDeleteUser();
  const toggle = useToggleUserActivation();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  useLoadingToast(users.isLoading, 'Loading Users...');
  useErrorToast(users.error, 'Error getting users');

  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.name])), [roles.data]);
  const locationNames = useMemo(() => new Map((locations.data ?? []).map((l) => [l.id, l.name])), [locations.data]);

  const columns = useMemo<GridColDef<User>[]>(() => {
    const list: GridColDef<User>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => `${row.firstName} ${row.lastName}`,
      },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 200 },
      { field: 'phone', headerName: 'Phone', width: 130 },
      {
        field: 'roles',
        headerName: 'Roles',
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => namesOf(row.roleIds, roleNames).join(', '),
      },
      {
        field: 'locations',
        headerName: 'Locations',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => namesOf(row.locationIds, locationNames).join(', '),
      },
      {
        field: 'isActive',
        headerName: 'Active',
        width: 90,
        renderCell: ({ row }) =>
          canManage ? (
            <Switch
              size="small"
              checked={row.isActive}
              disabled={toggle.isPending && toggle.variables.id === row.id}
              slotProps={{ input: { 'aria-label': `${row.firstName} ${row.lastName} active` } }}
              onChange={(e) =>
                toggle.mutate(
                  { id: row.id, isActive: e.target.checked },
                  {
                    onSuccess: (u) => notifySuccess(u.isActive ? 'User activated' : 'User deactivated'),
                    onError: (error) => notifyServerError(error, 'Error updating user'),
                  },
                )
              }
            />
          ) : (
            <Chip size="small" variant="outlined" label={row.isActive ? 'Active' : 'Inactive'} color={row.isActive ? 'success' : 'default'} />
          ),
      },
    ];
    if (!canManage) return list;
    list.push({
      field: 'actions',
      type: 'actions',
      width: 90,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="edit"
          icon={<EditIcon />}
          label={`Edit ${row.firstName} ${row.lastName}`}
          onClick={() => {
            setEditing(row);
            setFormOpen(true);
          }}
        />,
        <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.firstName} ${row.lastName}`} onClick={() => setDeleting(row)} />,
      ],
    });
    return list;
  }, [canManage, roleNames, locationNames, toggle]);

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              New user
            </Button>
          )
        }
      />
      <DataTable label="Users" rows={users.data} columns={columns} loading={users.isLoading} />
      {canManage && (
        <>
          <UserFormDialog open={formOpen} user={editing} onClose={() => setFormOpen(false)} />
          <ConfirmDialog
            open={Boolean(deleting)}
            title="Delete user"
            message={deleting ? `Delete ${deleting.firstName} ${deleting.lastName}? They will no longer be able to sign in.` : ''}
            confirmLabel="Delete"
            destructive
            busy={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notifySuccess('User deleted');
                  setDeleting(null);
                },
                onError: (error) => notifyError('Error deleting user', error),
              });
            }}
          />
        </>
      )}
    </>
  );
}
