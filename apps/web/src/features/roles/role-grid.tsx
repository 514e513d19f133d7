import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Permission, Role } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { notifyError, notifySuccess } from '../../lib/toasts';
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
  canManage: boolean;
  assignable: readonly Permission[];
  memberName: (id: string) => string;
  renderMembers: (props: MemberPickerProps) => ReactNode;
}

/** The roles screen shared by account roles (/permission) and system roles (/admin/permission). */
export function RoleGrid({ title, subtitle, scope, roles, loading, canManage, assignable, memberName, renderMembers }: RoleGridProps) {
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const remove = useDeleteRole(scope);
  const editing = roles?.find((r) => r.id === editingId) ?? null;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => {
                setEditingId(null);
                setFormOpen(true);
              }}
            >
              New role
            </Button>
          )
        }
      />
      {loading && <PageLoader />}
      {roles && roles.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No roles yet.</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {roles?.map((role) => (
          <RoleCard
            key={role.id}
            role={role}
            memberNames={role.userIds.map(memberName)}
            canManage={canManage}
            onEdit={() => {
              setEditingId(role.id);
              setFormOpen(true);
            }}
            onDelete={() => setDeleting(role)}
          />
        ))}
      </Box>
      {canManage && (
        <>
          <RoleFormDialog
            open={formOpen}
            role={editing}
            scope={scope}
            assignable={assignable}
            renderMembers={renderMembers}
            onClose={() => setFormOpen(false)}
          />
          <ConfirmDialog
            open={Boolean(deleting)}
            title="Delete role"
            message={`Delete the ${deleting?.name ?? ''} role? Its members lose the permissions it grants.`}
            confirmLabel="Delete"
            destructive
            busy={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notifySuccess('Role deleted');
                  setDeleting(null);
                },
                onError: (error) => notifyError('Error deleting role', error),
              });
            }}
          />
        </>
      )}
    </>
  );
}
