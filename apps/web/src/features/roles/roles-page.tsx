import { useMemo } from 'react';
import { ACCOUNT_ROLE_PERMISSIONS } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { MultiSelectInput } from '../../components/form-fields';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useUsers } from '../users/users.api';
import { loadErrorOf } from '../../components/list-error';
import { RoleGrid } from './role-grid';
import { useRoles } from './roles.api';

export default function RolesPage() {
  const roles = useRoles();
  const users = useUsers();
  const canManage = useHasAnyPermission(['permissions.manage']);
  useLoadingToast(roles.isLoading, 'Loading Roles...');
  useErrorToast(roles.error, 'Error getting roles');

  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`])), [users.data]);
  const options = useMemo(() => [...names].map(([value, label]) => ({ value, label })), [names]);

  return (
    <RoleGrid
      title="Roles & Permissions"
      subtitle="A user may hold several roles and gets every permission of each."
      scope="account"
      roles={roles.data}
      loading={roles.isLoading}
      loadError={loadErrorOf(roles)}
      canManage={canManage}
      assignable={ACCOUNT_ROLE_PERMISSIONS}
      memberName={(id) => names.get(id) ?? 'Former user'}
      renderMembers={({ value, onChange, error }) => (
        <MultiSelectInput label="Members" options={options} value={value} onChange={onChange} error={error} loading={users.isLoading} />
      )}
    />
  );
}
