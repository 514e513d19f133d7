import { describe, expect, it } from 'vitest';
import type { User } from '@willow/contracts';
import { staffChoices } from './staff';

const user = (id: string, permissions: User['permissions'], isActive = true): User => ({
  id,
  firstName: id,
  lastName: 'X',
  email: `${id}@x.test`,
  phone: null,
  invitationPending: false,
  isActive,
  roleIds: [],
  locationIds: [],
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
