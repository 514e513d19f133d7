import type { Permission, User } from '@willow/contracts';

const PROVIDER_PERMISSIONS: readonly Permission[] = ['appointments.primary_provider', 'appointments.secondary_provider'];

export const isProvider = (user: Pick<User, 'permissions'>) =>
  (user.permissions ?? []).some((p) => PROVIDER_PERMISSIONS.includes(p));

/**
 * Staff to choose a veterinarian or prescriber from: active users, those who see patients
 * (primary or secondary providers) first, each group in the server's firstName order.
 */
export function staffChoices(users: readonly User[]): { value: string; label: string; provider: boolean }[] {
  const active = users.filter((u) => u.isActive);
  const providers = active.filter(isProvider);
  const others = active.filter((u) => !isProvider(u));
  return [
    ...providers.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`, provider: true })),
    ...others.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`, provider: false })),
  ];
}
