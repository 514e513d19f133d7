import { useCallback, useState } from 'react';
import { PERMISSIONS } from '@willow/contracts';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { loadErrorOf } from '../../components/list-error';
import { RoleGrid } from './role-grid';
import { useSystemRoleCandidates, useSystemRoles } from './roles.api';
import { SystemMemberPicker } from './system-member-picker';
import type { Candidate } from './system-member-picker';

export default function SystemRolesPage() {
  const roles = useSystemRoles();
  // The unfiltered candidate list names the current members on the cards.
  const everyone = useSystemRoleCandidates('', true);
  const [seen, setSeen] = useState(() => new Map<string, string>());
  useLoadingToast(roles.isLoading, 'Loading Roles...');
  useErrorToast(roles.error, 'Error getting roles');

  const remember = useCallback((candidates: Candidate[]) => {
    setSeen((current) => {
      if (candidates.every((c) => current.get(c.id) === c.label)) return current;
      const next = new Map(current);
      for (const c of candidates) next.set(c.id, c.label);
      return next;
    });
  }, []);

  const memberName = (id: string) => {
    const user = everyone.data?.find((u) => u.id === id);
    if (user) return `${user.firstName} ${user.lastName} (${user.accountName})`;
    return seen.get(id) ?? 'User of another account';
  };

  return (
    <RoleGrid
      title="System Roles"
      subtitle="System roles apply across every account. Only super administrators can change them."
      scope="system"
      roles={roles.data}
      loading={roles.isLoading}
      loadError={loadErrorOf(roles)}
      canManage
      assignable={PERMISSIONS}
      memberName={memberName}
      renderMembers={(props) => <SystemMemberPicker {...props} known={seen} remember={remember} />}
    />
  );
}
