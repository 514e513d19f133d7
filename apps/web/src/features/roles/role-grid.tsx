import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Permission, Role } from '@willow/contracts';
import { PageHeader } from '../../components/page-header';
import { ListError } from '../../components/list-error';
import type { ListLoadError } from '../../components/list-error';
import { PageLoader } from '../../components/page-loader';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { RoleCard } from './role-card';
import { RoleFormDialog } from './role-form-dialog';
import type { MemberPickerProps } from './role-form-dialog';
import { useDeleteRole } from './roles.api';
import type { RoleScope } from './roles.api';

interface RoleGridProps {
  title: string;
  subtitle: string;
  scope: RoleScope;
  roles: Role[] | undefined;
  loading: boolean;
  /** the roles could not be loaded */
  loadError: ListLoadError | null;
  canManage: boolean;
  assignable: readonly Permission[];
  memberName: (id: string) => string;
  renderMembers: (props: MemberPickerProps) => ReactNode;
}

/** The roles screen shared by account roles (/permission) and system roles (/admin/permission). */
export function RoleGrid({ title, subtitle, scope, roles, loading, loadError, canManage, assignable, memberName, renderMembers }: RoleGridProps) {
  const formDialog = useFormDialog<string>();
  const remove = useDeleteRole(scope);
  const confirmDelete = useConfirmDelete<Role>({
    title: 'Delete role',
    message: (role) => `Delete the ${role.name} role? Its members lose the permissions it grants.`,
    run: (role) => remove.mutateAsync(role.id),
    success: 'Role deleted',
    error: 'Error deleting role',
  });
  const editing = roles?.find((r) => r.id === formDialog.editing) ?? null;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew}>
              New role
            </Button>
          )
        }
      />
      {loading && <PageLoader />}
      {loadError && !roles?.length && <ListError {...loadError} what="roles" />}
      {roles && roles.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No roles yet.</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {roles?.map((role) => (
          <RoleCard
            key={role.id}
            role={role}
            memberNames={role.userIds.map(memberName)}
            canManage={canManage}
            onEdit={() => formDialog.openEdit(role.id)}
            onDelete={() => confirmDelete.ask(role)}
          />
        ))}
      </Box>
      {canManage && (
        <>
          <RoleFormDialog
            open={formDialog.open}
            role={editing}
            scope={scope}
            assignable={assignable}
            renderMembers={renderMembers}
            onClose={formDialog.close}
          />
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}
