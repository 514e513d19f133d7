import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import {
  clientWithCookie,
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

let ctx: TestContext;
let practice: TestAccount;
let superAdmin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Accounts Practice');
  superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';

const newAccountInput = (overrides: Record<string, unknown> = {}) => ({
  name: `New Practice ${randomUUID().slice(0, 8)}`,
  subscriptionTier: 'basic',
  owner: { firstName: 'Owen', lastName: 'Owner', email: `owner-${randomUUID()}@test.example`, password: 'first-day-at-the-practice' },
  location: { name: 'First Clinic', timezone: 'Europe/London' },
  ...overrides,
});

const listAll = async (client: Client, query: Record<string, boolean> = {}) => {
  const res = await client.call(api.listAllAccounts, { query });
  expect(res.statusCode).toBe(200);
  return res.json() as api.AccountWithDetails[];
};

describe('GET /api/account', () => {
  it('answers the current account', async () => {
    const user = await createUser(ctx, practice);
    const res = await user.call(api.getAccount);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: practice.accountId,
      name: 'Accounts Practice',
      subscriptionTier: 'premium',
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(res.json().createdAt))).toBe(false);
  });
});

describe('GET /api/account/all', () => {
  it('lists every account, sorted by name, for switch_account:all', async () => {
    const tag = randomUUID().slice(0, 8);
    const b = await createAccount(ctx, 'free', `Sorted ${tag} B`);
    const a = await createAccount(ctx, 'basic', `Sorted ${tag} A`);
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    const accounts = await listAll(switcher);
    expect(accounts.filter((x) => x.name.startsWith(`Sorted ${tag}`)).map((x) => x.id)).toEqual([a.accountId, b.accountId]);
    expect(accounts.find((x) => x.id === practice.accountId)).toEqual({
      id: practice.accountId,
      name: 'Accounts Practice',
      subscriptionTier: 'premium',
      isActive: true,
      createdAt: expect.any(String),
    });
  });

  it('leaves out deactivated accounts with onlyActive', async () => {
    const closed = await createAccount(ctx, 'basic');
    await superAdmin.call(api.updateAccount, { params: { id: closed.accountId }, body: { data: { isActive: false } } });
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    expect((await listAll(switcher)).find((x) => x.id === closed.accountId)?.isActive).toBe(false);
    const active = await listAll(switcher, { onlyActive: true });
    expect(active.some((x) => x.id === closed.accountId)).toBe(false);
    expect(active.every((x) => x.isActive)).toBe(true);
  });

  it('adds user and location counts with includeDetails', async () => {
    const counted = await createAccount(ctx, 'basic');
    await counted.admin.call(api.createLocation, { body: { data: { name: 'Second Site', timezone: 'UTC' } } });
    const resting = await createUser(ctx, counted);
    await counted.admin.call(api.toggleUserActivation, { params: { id: resting.userId }, body: { data: { isActive: false } } });
    await createUser(ctx, counted);

    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    const detailed = await listAll(switcher, { includeDetails: true });
    expect(detailed.find((x) => x.id === counted.accountId)?.details).toEqual({ users: 3, activeUsers: 2, locations: 2 });
    expect(detailed.every((x) => x.details !== undefined)).toBe(true);
    expect((await listAll(switcher, { includeDetails: false })).every((x) => !('details' in x))).toBe(true);
  });

  it('lists only premium accounts (and the own one) for switch_account:premium', async () => {
    const home = await createAccount(ctx, 'free');
    const premium = await createAccount(ctx, 'premium');
    const basic = await createAccount(ctx, 'basic');
    const switcher = await createUser(ctx, home, [], { system: ['system.switch_account:premium'] });
    const accounts = await listAll(switcher);
    const ids = accounts.map((x) => x.id);
    expect(ids).toContain(premium.accountId);
    expect(ids).toContain(home.accountId);
    expect(ids).not.toContain(basic.accountId);
    expect(accounts.every((x) => x.subscriptionTier === 'premium' || x.id === home.accountId)).toBe(true);
  });

  it('answers 403 without a switching permission', async () => {
    const res = await practice.admin.call(api.listAllAccounts);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/account', () => {
  it('creates the account with its first location, predefined roles and Administrator, who can sign in', async () => {
    const input = newAccountInput();
    const res = await superAdmin.call(api.createAccount, { body: { data: input } });
    expect(res.statusCode).toBe(201);
    const account = res.json() as api.Account;
    expect(account).toEqual({ id: expect.any(String), name: input.name, subscriptionTier: 'basic', isActive: true, createdAt: expect.any(String) });
    expect((await listAll(superAdmin)).find((x) => x.id === account.id)).toMatchObject({ name: input.name });

    const login = await loginRequest(ctx, input.owner.email, input.owner.password, '203.0.113.20');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ firstName: 'Owen', lastName: 'Owner', account: { id: account.id, name: input.name }, location: { name: 'First Clinic' } });

    const owner = clientWithCookie(ctx, `x-access-token=${login.cookies.find((c) => c.name === 'x-access-token')!.value}`);
    const roles = (await owner.call(api.listRoles)).json() as api.Role[];
    expect(roles.map((r) => r.name).sort()).toEqual(['Administrator', 'Assistant', 'Front Desk', 'Veterinarian']);
    expect(roles.every((r) => r.predefined)).toBe(true);
    const permissions = (await owner.call(api.getUserPermissions)).json() as api.UserPermissionsResponse;
    expect(permissions.roles.map((r) => r.name)).toEqual(['Administrator']);
    expect(permissions.permissions).toContain('users.manage');
    const locations = (await owner.call(api.listLocations)).json() as api.Location[];
    expect(locations).toMatchObject([{ name: 'First Clinic', timezone: 'Europe/London' }]);
  });

  it('refuses & in every name field with the product text', async () => {
    const cases = [
      { name: 'Smith & Sons' },
      { owner: { ...newAccountInput().owner, firstName: 'Tom & Jerry' } },
      { owner: { ...newAccountInput().owner, lastName: 'Smith & Sons' } },
      { location: { name: 'North & South', timezone: 'UTC' } },
    ];
    for (const overrides of cases) {
      const res = await superAdmin.call(api.createAccount, { body: { data: newAccountInput(overrides) } });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(res)).toBe(AMPERSAND);
    }
  });

  it('answers 400 naming the field', async () => {
    const { name: _name, ...noName } = newAccountInput();
    const missing = await superAdmin.call(api.createAccount, { body: { data: noName } });
    expect(errorOf(missing)).toBe('name: is required');
    const badEmail = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ owner: { ...newAccountInput().owner, email: 'x' } }) } });
    expect(errorOf(badEmail)).toBe('owner.email: must be a valid email address');
    const badZone = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ location: { name: 'L', timezone: 'Mars/Olympus' } }) } });
    expect(badZone.statusCode).toBe(400);
    expect(errorOf(badZone)).toBe('location.timezone: must be a valid IANA time zone, e.g. America/New_York');
    const shortPassword = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ owner: { ...newAccountInput().owner, password: 'short' } }) } });
    expect(errorOf(shortPassword)).toBe('owner.password: must be at least 12 characters');
    const common = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ owner: { ...newAccountInput().owner, password: 'Password2024!' } }) } });
    expect(errorOf(common)).toBe('owner.password: must not be a commonly used password');
    const named = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ owner: { ...newAccountInput().owner, password: 'owen-owner-2024' } }) } });
    expect(errorOf(named)).toBe('owner.password: must not contain the email address or name');
    const tier = await superAdmin.call(api.createAccount, { body: { data: newAccountInput({ subscriptionTier: 'platinum' }) } });
    expect(tier.statusCode).toBe(400);
    expect(errorOf(tier)).toBe('subscriptionTier: no such subscription tier');
  });

  it("answers 409 when the owner's email is taken, and creates nothing", async () => {
    const taken = await createUser(ctx, practice);
    const input = newAccountInput({ owner: { ...newAccountInput().owner, email: taken.email } });
    const res = await superAdmin.call(api.createAccount, { body: { data: input } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('A user with this email address already exists');
    expect((await listAll(superAdmin)).some((x) => x.name === input.name)).toBe(false);
  });

  it('answers 403 to anyone but a super administrator', async () => {
    const res = await practice.admin.call(api.createAccount, { body: { data: newAccountInput() } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/account/{id}', () => {
  it('lets account.manage rename its own account', async () => {
    const own = await createAccount(ctx, 'basic');
    const manager = await createUser(ctx, own, ['account.manage']);
    const res = await manager.call(api.updateAccount, { params: { id: own.accountId }, body: { data: { name: ' Renamed Practice ' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: own.accountId, name: 'Renamed Practice', subscriptionTier: 'basic' });
    expect((await manager.call(api.getAccount)).json().name).toBe('Renamed Practice');
  });

  it('refuses account.manage a change of tier or activation with 403', async () => {
    const own = await createAccount(ctx, 'basic');
    for (const data of [{ subscriptionTier: 'premium' }, { isActive: false }, { name: 'Sneaky', subscriptionTier: 'premium' }]) {
      const res = await own.admin.call(api.updateAccount, { params: { id: own.accountId }, body: { data } });
      expect(res.statusCode).toBe(403);
    }
    expect((await own.admin.call(api.getAccount)).json()).toMatchObject({ subscriptionTier: 'basic', isActive: true });
    expect((await own.admin.call(api.getAccount)).json().name).not.toBe('Sneaky');
  });

  it("answers 404 to account.manage for another account's id", async () => {
    const other = await createAccount(ctx, 'basic');
    const res = await practice.admin.call(api.updateAccount, { params: { id: other.accountId }, body: { data: { name: 'Taken Over' } } });
    expect(res.statusCode).toBe(404);
    expect((await other.admin.call(api.getAccount)).json().name).not.toBe('Taken Over');
  });

  it('lets a super administrator change the tier and activation of any account', async () => {
    const other = await createAccount(ctx, 'free');
    const res = await superAdmin.call(api.updateAccount, { params: { id: other.accountId }, body: { data: { subscriptionTier: 'premium', name: 'Upgraded' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Upgraded', subscriptionTier: 'premium', isActive: true });
    expect((await other.admin.call(api.getAccount)).json()).toMatchObject({ name: 'Upgraded', subscriptionTier: 'premium' });
  });

  it('answers 400 for an unknown tier and 404 for an unknown account', async () => {
    const other = await createAccount(ctx, 'free');
    const tier = await superAdmin.call(api.updateAccount, { params: { id: other.accountId }, body: { data: { subscriptionTier: 'platinum' } } });
    expect(tier.statusCode).toBe(400);
    expect(errorOf(tier)).toBe('subscriptionTier: no such subscription tier');
    const unknown = await superAdmin.call(api.updateAccount, { params: { id: randomUUID() }, body: { data: { name: 'Ghost' } } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses & in the name with the product text', async () => {
    const res = await practice.admin.call(api.updateAccount, { params: { id: practice.accountId }, body: { data: { name: 'Cats & Dogs' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(AMPERSAND);
  });

  it("locks a deactivated account's users out until it is reactivated", async () => {
    const other = await createAccount(ctx, 'basic');
    const staff = await createUser(ctx, other);
    const off = await superAdmin.call(api.updateAccount, { params: { id: other.accountId }, body: { data: { isActive: false } } });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);

    for (const client of [other.admin, staff]) {
      const res = await client.call(api.getProfile);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toBe('Invalid Token');
    }
    const login = await loginRequest(ctx, staff.email, TEST_PASSWORD, '203.0.113.21');
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();

    await superAdmin.call(api.updateAccount, { params: { id: other.accountId }, body: { data: { isActive: true } } });
    expect((await staff.call(api.getProfile)).statusCode).toBe(200);
  });
});
