import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { ACCOUNT_ROLE_PERMISSIONS } from '@willow/contracts';
import {
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  loginRequest,
  TEST_PASSWORD,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { ATTEMPT_LIMITS } from '../auth/attempt-limits.js';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Users Practice');
  other = await createAccount(ctx, 'premium', 'Other Practice');
  manager = await createUser(ctx, practice, ['users.manage']);
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
const NOT_AUTHORIZED = 'You are not authorized to perform this action';
const PASSWORD = 'a-long-enough-password';
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'Newhire',
  email: `hire-${randomUUID()}@test.example`,
  password: PASSWORD,
  ...overrides,
});

async function create(client: Client, data: Record<string, unknown>) {
  const res = await client.call(api.createUser, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.User;
}
const getUser = async (client: Client, id: string) => (await client.call(api.getUser, { params: { id } })).json() as api.User;
const listUsers = async (client: Client, query: Record<string, string | boolean> = {}) =>
  (await client.call(api.listUsers, { query })).json() as api.User[];

describe('GET /api/user', () => {
  it('lists the users sorted by first name, whatever the case, for any signed-in user', async () => {
    const own = await createAccount(ctx, 'premium');
    for (const firstName of ['zed', 'Amy', 'bob']) await createUser(ctx, own, [], { firstName });
    const staff = await createUser(ctx, own, [], { firstName: 'Carl' });
    const res = await staff.call(api.listUsers);
    expect(res.statusCode).toBe(200);
    expect((res.json() as api.User[]).map((u) => u.firstName)).toEqual(['Ada', 'Amy', 'bob', 'Carl', 'zed']);
    expect((res.json() as api.User[]).every((u) => !('permissions' in u))).toBe(true);
  });

  it('filters by locationId', async () => {
    const own = await createAccount(ctx, 'premium');
    const annex = (await own.admin.call(api.createLocation, { body: { data: { name: 'Annex', timezone: 'UTC' } } })).json() as api.Location;
    const there = await create(own.admin, newUser({ locationIds: [annex.id] }));
    await create(own.admin, newUser({ locationIds: [own.locationId] }));
    expect((await listUsers(own.admin, { locationId: annex.id })).map((u) => u.id)).toEqual([there.id]);
    expect((await own.admin.call(api.listUsers, { query: { locationId: randomUUID() } })).statusCode).toBe(404);
    expect((await own.admin.call(api.listUsers, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });

  it('adds each user’s permissions with includePermissions', async () => {
    const own = await createAccount(ctx, 'premium');
    const vet = await create(own.admin, newUser({ firstName: 'Vera', roleIds: [own.roles.Veterinarian!], locationIds: [own.locationId] }));
    const users = await listUsers(own.admin, { includePermissions: true });
    expect(users.find((u) => u.id === vet.id)?.permissions).toEqual(['appointments.primary_provider', 'analytics.view']);
    expect(users.find((u) => u.firstName === 'Ada')?.permissions).toEqual(ACCOUNT_ROLE_PERMISSIONS);
  });

  it('answers 400 naming locationId when it is not an id', async () => {
    const res = await manager.call(api.listUsers, { query: { locationId: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('locationId: must be a valid id');
  });
});

describe('POST /api/user', () => {
  it('creates a user with roles and locations; GET answers it and the user can sign in', async () => {
    const data = newUser({
      phone: '555-0101',
      roleIds: [practice.roles.Assistant],
      locationIds: [practice.locationId],
      email: `Mixed-${randomUUID()}@Test.Example`,
    });
    const res = await manager.call(api.createUser, { body: { data } });
    expect(res.statusCode).toBe(201);
    const user = res.json() as api.User;
    expect(user).toEqual({
      id: expect.any(String),
      firstName: 'Nina',
      lastName: 'Newhire',
      email: (data.email as string).toLowerCase(),
      phone: '555-0101',
      isActive: true,
      invitationPending: false,
      roleIds: [practice.roles.Assistant],
      locationIds: [practice.locationId],
    });
    expect(await getUser(manager, user.id)).toEqual(user);
    expect((await loginRequest(ctx, user.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('refuses an email a user of any account has, whatever the case, without saying whose it is', async () => {
    const theirs = await createUser(ctx, other);
    const mine = await createUser(ctx, practice);
    for (const email of [theirs.email.toUpperCase(), mine.email]) {
      const res = await manager.call(api.createUser, { body: { data: newUser({ email }) } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('email: This email address cannot be used. Please enter a different one.');
    }
  });

  it(`answers 429 once ${ATTEMPT_LIMITS.userEmail.max} email addresses were refused to the account in the hour, whoever asks and whichever address comes next`, async () => {
    const own = await createAccount(ctx, 'premium');
    const second = await createUser(ctx, own, ['users.manage']);
    const taken = await Promise.all(Array.from({ length: ATTEMPT_LIMITS.userEmail.max }, async () => (await createUser(ctx, other)).email));
    for (const [i, email] of taken.entries()) {
      const res = await (i % 2 ? second : own.admin).call(api.createUser, { body: { data: newUser({ email }) } });
      expect(res.statusCode).toBe(400);
    }
    const target = await createUser(ctx, own);
    for (const call of [
      () => own.admin.call(api.createUser, { body: { data: newUser() } }),
      () => second.call(api.createUser, { body: { data: newUser({ email: taken[0] }) } }),
      () => own.admin.call(api.updateUser, { params: { id: target.userId }, body: { data: { email: `free-${randomUUID()}@test.example` } } }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(errorOf(res)).toBe('Too many email addresses could not be used. Please wait an hour and try again.');
      expect(res.headers['retry-after']).toBeDefined();
    }
    // Changes that set no new email go on, and so does every other account.
    expect((await own.admin.call(api.updateUser, { params: { id: target.userId }, body: { data: { firstName: 'Still' } } })).statusCode).toBe(200);
    expect((await own.admin.call(api.updateUser, { params: { id: target.userId }, body: { data: { email: target.email } } })).statusCode).toBe(200);
    await create(manager, newUser());
  });

  it('does not count refusals that are not about the email', async () => {
    const own = await createAccount(ctx, 'premium');
    for (let i = 0; i < ATTEMPT_LIMITS.userEmail.max + 1; i++) {
      const res = await own.admin.call(api.createUser, { body: { data: newUser({ roleIds: [randomUUID()] }) } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('roleIds: unknown role');
    }
    await create(own.admin, newUser());
  });

  it('refuses a password that is common, a pattern, or contains the new user’s email or name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ password: 'aaaaaaaaaaaa' }), 'password: must not be a repeated character, a repeated pattern or a simple sequence such as abcd or 1234'],
      [newUser({ password: '123456789012' }), 'password: must not be a repeated character, a repeated pattern or a simple sequence such as abcd or 1234'],
      [newUser({ password: 'password1234' }), 'password: must not be a commonly used password'],
      [newUser({ password: 'Sunshine!2025' }), 'password: must not be a commonly used password'],
      [newUser({ password: 'nina-newhire-99' }), 'password: must not contain the email address or name'],
      [newUser({ email: 'frontdesk.nina@test.example', password: 'FrontDesk.Nina@test.example' }), 'password: must not contain the email address or name'],
    ];
    for (const [data, message] of cases) {
      const res = await manager.call(api.createUser, { body: { data } });
      expect(res.statusCode, String(data.password)).toBe(400);
      expect(errorOf(res), String(data.password)).toBe(message);
    }
  });

  it("answers 400 for unknown or another account's roles and locations, and writes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ roleIds: [randomUUID()] }, 'roleIds: unknown role'],
      [{ roleIds: [practice.roles.Assistant, other.roles.Administrator] }, 'roleIds: unknown role'],
      [{ locationIds: [randomUUID()] }, 'locationIds: unknown location'],
      [{ locationIds: [practice.locationId, other.locationId] }, 'locationIds: unknown location'],
    ];
    for (const [overrides, message] of cases) {
      const data = newUser(overrides);
      const res = await manager.call(api.createUser, { body: { data } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
      expect((await listUsers(manager)).some((u) => u.email === data.email)).toBe(false);
      expect((await loginRequest(ctx, data.email as string, PASSWORD, freshIp())).statusCode).toBe(401);
    }
    const theirRoles = (await other.admin.call(api.listRoles)).json() as api.Role[];
    expect(theirRoles.find((r) => r.name === 'Administrator')?.userIds).toHaveLength(1);
  });

  it('refuses a provider without a location, invited or with a password, and writes nothing; others may have none', async () => {
    const message = `locationIds: ${api.USER_MESSAGES.providerNeedsLocation}`;
    for (const roleIds of [[practice.roles.Veterinarian], [practice.roles['Front Desk'], practice.roles.Assistant]]) {
      // (an invitation is refused the same way, in the same transaction: this portal sends no mail)
      for (const data of [newUser({ roleIds })]) {
        const res = await manager.call(api.createUser, { body: { data } });
        expect(res.statusCode, res.body).toBe(400);
        expect(errorOf(res)).toBe(message);
        expect((await listUsers(manager)).some((u) => u.email === data.email)).toBe(false);
      }
    }
    const vet = await create(manager, newUser({ roleIds: [practice.roles.Veterinarian], locationIds: [practice.locationId] }));
    expect(vet.locationIds).toEqual([practice.locationId]);
    // Someone who is never booked may work across the account.
    const desk = await create(manager, newUser({ roleIds: [practice.roles['Front Desk']] }));
    expect(desk.locationIds).toEqual([]);
  });

  it('answers 400 naming the field', async () => {
    const { email: _email, ...noEmail } = newUser();
    const cases: [Record<string, unknown>, string][] = [
      [noEmail, 'email: is required'],
      [newUser({ firstName: 'Tom & Jerry' }), AMPERSAND],
      [newUser({ lastName: 'Smith & Sons' }), AMPERSAND],
      [newUser({ firstName: '' }), 'firstName: is required'],
      [newUser({ password: 'short' }), 'password: must be at least 12 characters'],
      [newUser({ email: 'nope' }), 'email: must be a valid email address'],
      [newUser({ roleIds: ['nope'] }), 'roleIds.0: must be a valid id'],
    ];
    for (const [data, message] of cases) {
      const res = await manager.call(api.createUser, { body: { data } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('answers 403 without users.manage', async () => {
    const staff = await createUser(ctx, practice, ['locations.manage']);
    expect((await staff.call(api.createUser, { body: { data: newUser() } })).statusCode).toBe(403);
  });
});

describe('POST /api/user/{id}', () => {
  it('updates the fields sent and keeps the others', async () => {
    const user = await create(manager, newUser({ phone: '555-0102', roleIds: [practice.roles.Assistant], locationIds: [practice.locationId] }));
    const res = await manager.call(api.updateUser, { params: { id: user.id }, body: { data: { firstName: 'Renata' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...user, firstName: 'Renata' });
    expect(await getUser(manager, user.id)).toEqual({ ...user, firstName: 'Renata' });

    const relinked = await manager.call(api.updateUser, {
      params: { id: user.id },
      body: { data: { roleIds: [practice.roles['Front Desk']], locationIds: [], phone: null } },
    });
    expect(relinked.json()).toEqual({ ...user, firstName: 'Renata', roleIds: [practice.roles['Front Desk']], locationIds: [], phone: null });
  });

  it('sets a new password, which signs the user out everywhere', async () => {
    const user = await createUser(ctx, practice);
    const res = await manager.call(api.updateUser, { params: { id: user.userId }, body: { data: { password: 'set-by-the-admin-1' } } });
    expect(res.statusCode).toBe(200);
    const old = await user.call(api.getProfile);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old)).toBe('Invalid Token');
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(401);
    expect((await loginRequest(ctx, user.email, 'set-by-the-admin-1', freshIp())).statusCode).toBe(200);
  });

  it('refuses an email another user has, without saying whose it is', async () => {
    const user = await createUser(ctx, practice);
    const theirs = await createUser(ctx, other);
    const res = await manager.call(api.updateUser, { params: { id: user.userId }, body: { data: { email: theirs.email } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('email: This email address cannot be used. Please enter a different one.');
    expect((await getUser(manager, user.userId)).email).toBe(user.email);
  });

  it('checks a new password against the email and names the user has, when the update does not send them', async () => {
    const user = await create(manager, newUser({ firstName: 'Bartholomew', email: `barty.${randomUUID().slice(0, 8)}@test.example` }));
    for (const password of ['bartholomew-rocks', `${user.email.split('@')[0]}!!`]) {
      const res = await manager.call(api.updateUser, { params: { id: user.id }, body: { data: { password } } });
      expect(res.statusCode, password).toBe(400);
      expect(errorOf(res)).toBe('password: must not contain the email address or name');
    }
    // The email it is given in the same update counts instead of the old one.
    const renamed = await manager.call(api.updateUser, { params: { id: user.id }, body: { data: { email: `someone.else-${randomUUID()}@test.example`, password: 'barty-rocks-2025' } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("answers 400 for another account's role or location, and changes nothing", async () => {
    const user = await create(manager, newUser({ roleIds: [practice.roles.Assistant], locationIds: [practice.locationId] }));
    for (const data of [
      { firstName: 'Changed', roleIds: [other.roles.Administrator] },
      { firstName: 'Changed', locationIds: [other.locationId] },
    ]) {
      const res = await manager.call(api.updateUser, { params: { id: user.id }, body: { data } });
      expect(res.statusCode).toBe(400);
    }
    expect(await getUser(manager, user.id)).toEqual(user);
  });

  it('refuses & in either name with the product text', async () => {
    const user = await createUser(ctx, practice);
    for (const data of [{ firstName: 'Tom & Jerry' }, { lastName: 'Smith & Sons' }]) {
      const res = await manager.call(api.updateUser, { params: { id: user.userId }, body: { data } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(AMPERSAND);
    }
  });

  it('answers 404 for an unknown user', async () => {
    expect((await manager.call(api.updateUser, { params: { id: randomUUID() }, body: { data: { firstName: 'X' } } })).statusCode).toBe(404);
  });

  it('refuses an update that leaves a provider without a location, whichever field it sends, and changes nothing', async () => {
    const message = `locationIds: ${api.USER_MESSAGES.providerNeedsLocation}`;
    const vet = await create(manager, newUser({ roleIds: [practice.roles.Veterinarian], locationIds: [practice.locationId] }));
    const cleared = await manager.call(api.updateUser, { params: { id: vet.id }, body: { data: { locationIds: [] } } });
    expect(cleared.statusCode).toBe(400);
    expect(errorOf(cleared)).toBe(message);
    expect(await getUser(manager, vet.id)).toEqual(vet);

    const desk = await create(manager, newUser({ roleIds: [practice.roles['Front Desk']] }));
    const promoted = await manager.call(api.updateUser, { params: { id: desk.id }, body: { data: { roleIds: [practice.roles.Veterinarian] } } });
    expect(promoted.statusCode).toBe(400);
    expect(errorOf(promoted)).toBe(message);
    expect(await getUser(manager, desk.id)).toEqual(desk);

    const placed = await manager.call(api.updateUser, {
      params: { id: desk.id },
      body: { data: { roleIds: [practice.roles.Veterinarian], locationIds: [practice.locationId] } },
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ roleIds: [practice.roles.Veterinarian], locationIds: [practice.locationId] });
  });
});

describe('DELETE /api/user/{id}', () => {
  it('deletes the user, whose token stops working', async () => {
    const user = await createUser(ctx, practice);
    const res = await manager.call(api.deleteUser, { params: { id: user.userId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await manager.call(api.getUser, { params: { id: user.userId } })).statusCode).toBe(404);
    expect((await user.call(api.getProfile)).statusCode).toBe(401);
  });

  it('answers 400 to deleting oneself', async () => {
    const res = await manager.call(api.deleteUser, { params: { id: manager.userId } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('You cannot delete your own user');
    expect((await manager.call(api.getProfile)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await manager.call(api.deleteUser, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });
});

describe('POST /api/user/{id}/toggleActivation', () => {
  it('deactivates and reactivates a user', async () => {
    const user = await createUser(ctx, practice);
    const off = await manager.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: false } } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: user.userId, isActive: false });
    expect((await getUser(manager, user.userId)).isActive).toBe(false);
    expect((await user.call(api.getProfile)).statusCode).toBe(401);

    const on = await manager.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: true } } });
    expect(on.statusCode).toBe(200);
    expect((await getUser(manager, user.userId)).isActive).toBe(true);
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('answers 400 to deactivating oneself', async () => {
    const res = await manager.call(api.toggleUserActivation, { params: { id: manager.userId }, body: { data: { isActive: false } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('You cannot deactivate your own user');
  });

  it('answers 400 naming isActive when it is missing', async () => {
    const user = await createUser(ctx, practice);
    const res = await manager.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: {} } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('isActive: is required');
  });
});

describe('without users.manage', () => {
  it('answers 401 with the product text to update, delete and toggle, and changes nothing', async () => {
    const staff = await createUser(ctx, practice, ['locations.manage', 'permissions.manage']);
    const target = await createUser(ctx, practice);
    const calls = [
      staff.call(api.updateUser, { params: { id: target.userId }, body: { data: { firstName: 'Hacked' } } }),
      staff.call(api.deleteUser, { params: { id: target.userId } }),
      staff.call(api.toggleUserActivation, { params: { id: target.userId }, body: { data: { isActive: false } } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toBe(NOT_AUTHORIZED);
    }
    expect(await getUser(manager, target.userId)).toMatchObject({ firstName: 'Uma', isActive: true });
    expect((await staff.call(api.getProfile)).statusCode).toBe(200);
  });

  it('lets any signed-in user read users', async () => {
    const staff = await createUser(ctx, practice);
    expect((await staff.call(api.getUser, { params: { id: manager.userId } })).statusCode).toBe(200);
  });
});
