import { useMemo, useState } from 'react';
import { Box, Button, Chip, Switch } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { SIGN_IN_MESSAGES, USER_MESSAGES } from '@willow/contracts';
import type { User } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { notifyServerError, notifySuccess, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { AvailabilityDialog } from '../availability';
import { useLocations } from '../locations/locations.api';
import { useRoles } from '../roles/roles.api';
import { isProvider, isUnplacedProvider } from './staff';
import { UserFormDialog } from './user-form-dialog';
import { useDeleteUser, useResendInvitation, useToggleUserActivation, useUsers } from './users.api';

const namesOf = (ids: readonly string[], names: Map<string, string>) =>
  ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));

export default function UsersPage() {
  const canManage = useHasAnyPermission(['users.manage']);
  const users = useUsers();
  const roles = useRoles();
  const locations = useLocations(false);
  const remove = useDeleteUser();
  const toggle = useToggleUserActivation();
  const resend = useResendInvitation();
  const resendTo = resend.mutate;
  const formDialog = useFormDialog<User>();
  const { openEdit } = formDialog;
  const [availabilityFor, setAvailabilityFor] = useState<User | null>(null);
  useLoadingToast(users.isLoading, 'Loading Users...');
  useErrorToast(users.error, 'Error getting users');
  const confirmDelete = useConfirmDelete<User>({
    title: 'Delete user',
    message: (u) => `Delete ${u.firstName} ${u.lastName}? They will no longer be able to sign in.`,
    run: (u) => remove.mutateAsync(u.id),
    success: 'User deleted',
    error: 'Error deleting user',
  });
  const askDelete = confirmDelete.ask;

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
        renderCell: ({ row, value }) =>
          row.invitationPending || isUnplacedProvider(row) ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {value as string}
              </Box>
              {row.invitationPending && <Chip size="small" variant="outlined" color="info" label="Invitation sent" />}
              {/* Nobody can book a provider without a location (decision 0192): Edit gives them one. */}
              {isUnplacedProvider(row) && <Chip size="small" variant="outlined" color="warning" label={USER_MESSAGES.providerWithoutLocation} />}
            </Box>
          ) : (
            value
          ),
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
      width: 170,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="edit"
          icon={<EditIcon />}
          label={`Edit ${row.firstName} ${row.lastName}`}
          onClick={() => openEdit(row)}
        />,
        <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.firstName} ${row.lastName}`} onClick={() => askDelete(row)} />,
        // Someone who has not yet set a password may have lost the email, or let its link expire.
        ...(row.invitationPending && row.isActive
          ? [
              <GridActionsCellItem
                key="invite"
                icon={<ForwardToInboxIcon />}
                label={`Resend invitation to ${row.firstName} ${row.lastName}`}
                title="Resend invitation"
                onClick={() =>
                  resendTo(row.id, {
                    onSuccess: () => notifySuccess(SIGN_IN_MESSAGES.invitationSent),
                    onError: (error) => notifyServerError(error, 'Error sending the invitation'),
                  })
                }
              />,
            ]
          : []),
        // Availability (services and slot times) only means something for those who hold appointments.
        ...(isProvider(row)
          ? [
              <GridActionsCellItem
                key="availability"
                icon={<EventAvailableIcon />}
                label={`Availability of ${row.firstName} ${row.lastName}`}
                onClick={() => setAvailabilityFor(row)}
              />,
            ]
          : []),
      ],
    });
    return list;
  }, [canManage, roleNames, locationNames, toggle, openEdit, askDelete, resendTo]);

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew}>
              New user
            </Button>
          )
        }
      />
      <DataTable label="Users" rows={users.data} columns={columns} loadError={loadErrorOf(users)} loading={users.isLoading} />
      {canManage && (
        <>
          <UserFormDialog open={formDialog.open} user={formDialog.editing} onClose={formDialog.close} />
          <AvailabilityDialog person={availabilityFor} onClose={() => setAvailabilityFor(null)} />
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}
