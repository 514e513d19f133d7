import type { Permission, Role, User } from '@willow/contracts';

const PROVIDER_PERMISSIONS: readonly Permission[] = ['appointments.primary_provider', 'appointments.secondary_provider'];

/** Whether these permissions make their holder a provider: someone appointments are booked with. */
export const grantsBooking = (permissions: readonly Permission[] | undefined) => (permissions ?? []).some((p) => PROVIDER_PERMISSIONS.includes(p));

export const isProvider = (user: Pick<User, 'permissions'>) => grantsBooking(user.permissions);

/** Whether holding these roles makes a person a provider (the user form asks their locations then). */
export const rolesGrantBooking = (roleIds: readonly string[], roles: readonly Pick<Role, 'id' | 'permissions'>[]) =>
  roles.some((r) => roleIds.includes(r.id) && grantsBooking(r.permissions));

/**
 * A provider with no location: appointments are booked at a location with its providers, so nobody
 * can book them (decision 0192). Flagged wherever staff are listed or picked.
 */
export const isUnplacedProvider = (user: Pick<User, 'permissions' | 'locationIds' | 'isActive'>) =>
  user.isActive && isProvider(user) && user.locationIds.length === 0;

/**
 * Staff to choose a veterinarian or prescriber from: active users, those who see patients
 * (primary or secondary providers) first, each group in the server's firstName order.
 */
export function staffChoices(users: readonly User[]): { value: string; label: string; provider: boolean; unplaced: boolean }[] {
  const active = users.filter((u) => u.isActive);
  const providers = active.filter(isProvider);
  const others = active.filter((u) => !isProvider(u));
  return [
    ...providers.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`, provider: true, unplaced: isUnplacedProvider(u) })),
    ...others.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`, provider: false, unplaced: false })),
  ];
}
