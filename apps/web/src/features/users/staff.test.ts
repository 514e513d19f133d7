import { describe, expect, it } from 'vitest';
import type { User } from '@willow/contracts';
import { isUnplacedProvider, rolesGrantBooking, staffChoices } from './staff';

const user = (id: string, permissions: User['permissions'], isActive = true, locationIds: string[] = ['l1']): User => ({
  id,
  firstName: id,
  lastName: 'X',
  email: `${id}@x.test`,
  phone: null,
  invitationPending: false,
  isActive,
  roleIds: [],
  locationIds,
  permissions,
});

describe('staffChoices', () => {
  it('lists providers first, keeps order within each group and leaves out inactive users', () => {
    const choices = staffChoices([
      user('Alice', ['users.manage']),
      user('Bob', ['appointments.secondary_provider']),
      user('Cara', [], false),
      user('Dan', ['appointments.primary_provider']),
      user('Eve', undefined),
    ]);
    expect(choices.map((c) => c.value)).toEqual(['Bob', 'Dan', 'Alice', 'Eve']);
    expect(choices.map((c) => c.provider)).toEqual([true, true, false, false]);
  });
});

describe('a provider without a location', () => {
  it('is flagged when active and a provider, in the choices too; staff who are never booked are not', () => {
    expect(isUnplacedProvider(user('Bob', ['appointments.secondary_provider'], true, []))).toBe(true);
    expect(isUnplacedProvider(user('Dan', ['appointments.primary_provider'], true, ['l1']))).toBe(false);
    expect(isUnplacedProvider(user('Alice', ['users.manage'], true, []))).toBe(false);
    expect(isUnplacedProvider(user('Cara', ['appointments.primary_provider'], false, []))).toBe(false);
    const choices = staffChoices([user('Bob', ['appointments.primary_provider'], true, []), user('Dan', ['appointments.primary_provider']), user('Alice', [], true, [])]);
    expect(choices.map((c) => [c.value, c.unplaced])).toEqual([
      ['Bob', true],
      ['Dan', false],
      ['Alice', false],
    ]);
  });

  it('is who the chosen roles make a provider', () => {
    const roles = [
      { id: 'vet', permissions: ['appointments.primary_provider' as const] },
      { id: 'desk', permissions: [] },
    ];
    expect(rolesGrantBooking(['desk'], roles)).toBe(false);
    expect(rolesGrantBooking(['desk', 'vet'], roles)).toBe(true);
    expect(rolesGrantBooking([], roles)).toBe(false);
  });
});
