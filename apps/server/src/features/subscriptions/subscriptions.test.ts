import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
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

let ctx: TestContext;
let practice: TestAccount;
let superAdmin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Subscriptions Practice');
  superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
const USER_LIMIT =
  'You have reached the maximum number of users for your subscription. Please contact your administrator to upgrade your account.';
const LOCATION_LIMIT =
  'You have reached the maximum number of locations for your subscription. Please contact your administrator to upgrade your account.';

let tierCounter = 0;
const freshKey = () => `tier-${process.pid}-${tierCounter++}`;
const tierInput = (overrides: Partial<api.SubscriptionTierInput> = {}) => ({ key: freshKey(), name: 'Gold', maxUsers: 5, maxLocations: 2, ...overrides });
const tiers = async () => (await practice.admin.call(api.listSubscriptionTiers)).json() as api.SubscriptionTier[];

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'New',
  lastName: 'Hire',
  email: `hire-${randomUUID()}@test.example`,
  password: 'a-long-enough-password',
  ...overrides,
});

describe('GET /api/subscriptionTier', () => {
  it('lists every tier with its limits, premium, basic and free first', async () => {
    const custom = await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput({ key: 'aaa-first-alphabetically' }) } });
    expect(custom.statusCode).toBe(201);
    const staff = await createUser(ctx, practice);
    const res = await staff.call(api.listSubscriptionTiers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as api.SubscriptionTier[];
    expect(list.slice(0, 3).map((t) => t.key)).toEqual(['premium', 'basic', 'free']);
    expect(list.find((t) => t.key === 'free')).toEqual({ key: 'free', name: 'Free', maxUsers: 2, maxLocations: 1, accountCount: expect.any(Number) });
    expect(list.find((t) => t.key === 'premium')).toMatchObject({ maxUsers: null, maxLocations: null });
    const others = list.slice(3).map((t) => t.key);
    expect(others).toEqual([...others].sort());
    expect(others).toContain('aaa-first-alphabetically');
  });

  it('counts the accounts on each tier', async () => {
    const key = freshKey();
    await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput({ key }) } });
    expect((await tiers()).find((t) => t.key === key)?.accountCount).toBe(0);
    const moved = await createAccount(ctx, 'free');
    await superAdmin.call(api.updateAccount, { params: { id: moved.accountId }, body: { data: { subscriptionTier: key } } });
    expect((await tiers()).find((t) => t.key === key)?.accountCount).toBe(1);
  });
});

describe('GET /api/subscription', () => {
  it("answers the account's tier and what it uses", async () => {
    const free = await createAccount(ctx, 'free');
    const res = await free.admin.call(api.getSubscription);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tier: { key: 'free', name: 'Free', maxUsers: 2, maxLocations: 1, accountCount: expect.any(Number) },
      activeUsers: 1,
      locations: 1,
    });
    const resting = await createUser(ctx, free);
    await free.admin.call(api.toggleUserActivation, { params: { id: resting.userId }, body: { data: { isActive: false } } });
    expect((await free.admin.call(api.getSubscription)).json()).toMatchObject({ activeUsers: 1, locations: 1 });
  });

  it('answers 403 without account.manage', async () => {
    const staff = await createUser(ctx, practice, ['users.manage']);
    expect((await staff.call(api.getSubscription)).statusCode).toBe(403);
  });
});

describe('subscription tiers, for super administrators', () => {
  it('creates, updates and deletes a tier', async () => {
    const input = tierInput({ name: ' Gold ' });
    const created = await superAdmin.call(api.createSubscriptionTier, { body: { data: input } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ key: input.key, name: 'Gold', maxUsers: 5, maxLocations: 2, accountCount: 0 });
    expect((await tiers()).find((t) => t.key === input.key)).toEqual(created.json());

    const updated = await superAdmin.call(api.updateSubscriptionTier, {
      params: { key: input.key },
      body: { data: { name: 'Platinum', maxUsers: null, maxLocations: 10 } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ key: input.key, name: 'Platinum', maxUsers: null, maxLocations: 10, accountCount: 0 });
    expect((await tiers()).find((t) => t.key === input.key)).toEqual(updated.json());

    const deleted = await superAdmin.call(api.deleteSubscriptionTier, { params: { key: input.key } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await tiers()).some((t) => t.key === input.key)).toBe(false);
  });

  it('answers 409 for a key that exists', async () => {
    const res = await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput({ key: 'basic' }) } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('A subscription tier with this key already exists');
  });

  it('answers 400 when deleting a tier in use, and keeps it', async () => {
    const key = freshKey();
    await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput({ key }) } });
    const user = await createAccount(ctx, 'free');
    await superAdmin.call(api.updateAccount, { params: { id: user.accountId }, body: { data: { subscriptionTier: key } } });
    const res = await superAdmin.call(api.deleteSubscriptionTier, { params: { key } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('This tier is used by 1 account(s); move them to another tier first');
    expect((await tiers()).some((t) => t.key === key)).toBe(true);
  });

  it('answers 404 for an unknown tier', async () => {
    const update = await superAdmin.call(api.updateSubscriptionTier, { params: { key: 'no-such-tier' }, body: { data: { name: 'X', maxUsers: 1, maxLocations: 1 } } });
    expect(update.statusCode).toBe(404);
    expect((await superAdmin.call(api.deleteSubscriptionTier, { params: { key: 'no-such-tier' } })).statusCode).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'Bad Key' }, 'key: must be 2–31 lowercase letters, digits or dashes'],
      [{ maxUsers: 0 }, 'maxUsers: must be at least 1'],
      [{ maxLocations: 1.5 }, 'maxLocations: must be a whole number'],
      [{ maxUsers: undefined }, 'maxUsers: is required'],
      [{ name: '' }, 'name: is required'],
      [{ name: 'Gold & Silver' }, AMPERSAND],
    ];
    for (const [overrides, message] of cases) {
      const res = await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput(overrides as Partial<api.SubscriptionTierInput>) } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const key = freshKey();
    await superAdmin.call(api.createSubscriptionTier, { body: { data: tierInput({ key }) } });
    const update = await superAdmin.call(api.updateSubscriptionTier, { params: { key }, body: { data: { name: 'Gold & Silver', maxUsers: 1, maxLocations: 1 } } });
    expect(update.statusCode).toBe(400);
    expect(errorOf(update)).toBe(AMPERSAND);
  });

  it('answers 403 to anyone else', async () => {
    const admin = practice.admin;
    expect((await admin.call(api.createSubscriptionTier, { body: { data: tierInput() } })).statusCode).toBe(403);
    expect((await admin.call(api.updateSubscriptionTier, { params: { key: 'free' }, body: { data: { name: 'Hacked', maxUsers: null, maxLocations: null } } })).statusCode).toBe(403);
    expect((await admin.call(api.deleteSubscriptionTier, { params: { key: 'free' } })).statusCode).toBe(403);
    expect((await tiers()).find((t) => t.key === 'free')).toMatchObject({ name: 'Free', maxUsers: 2 });
  });
});

describe('tier limits (free: 2 users, 1 location)', () => {
  it('refuses a second location with 402 and writes nothing', async () => {
    const free = await createAccount(ctx, 'free');
    const res = await free.admin.call(api.createLocation, { body: { data: { name: 'Second Site', timezone: 'UTC' } } });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toBe(LOCATION_LIMIT);
    expect(((await free.admin.call(api.listLocations)).json() as api.Location[]).map((l) => l.id)).toEqual([free.locationId]);
  });

  it('holds for a super administrator creating a location in that account too', async () => {
    const free = await createAccount(ctx, 'free');
    const res = await superAdmin.call(api.createLocation, { query: { accountId: free.accountId }, body: { data: { name: 'Second Site', timezone: 'UTC' } } });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toBe(LOCATION_LIMIT);
  });

  it('lifts the limit when the account moves to a bigger tier', async () => {
    const free = await createAccount(ctx, 'free');
    await superAdmin.call(api.updateAccount, { params: { id: free.accountId }, body: { data: { subscriptionTier: 'basic' } } });
    const res = await free.admin.call(api.createLocation, { body: { data: { name: 'Second Site', timezone: 'UTC' } } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses to activate a third user with 402 and the exact text', async () => {
    const free = await createAccount(ctx, 'free');
    await createUser(ctx, free);
    const resting = await free.admin.call(api.createUser, { body: { data: newUser({ isActive: false }) } });
    expect(resting.statusCode).toBe(201);
    const id = resting.json().id as string;

    const res = await free.admin.call(api.toggleUserActivation, { params: { id }, body: { data: { isActive: true } } });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toBe(USER_LIMIT);
    expect((await free.admin.call(api.getUser, { params: { id } })).json().isActive).toBe(false);
  });

  it('lets a user be activated once another is deactivated', async () => {
    const free = await createAccount(ctx, 'free');
    const second = await createUser(ctx, free);
    const resting = (await free.admin.call(api.createUser, { body: { data: newUser({ isActive: false }) } })).json() as api.User;
    await free.admin.call(api.toggleUserActivation, { params: { id: second.userId }, body: { data: { isActive: false } } });
    const res = await free.admin.call(api.toggleUserActivation, { params: { id: resting.id }, body: { data: { isActive: true } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(true);
  });

  it('refuses to create an active user over the limit with 402, leaving no user and no role links', async () => {
    const free = await createAccount(ctx, 'free');
    await createUser(ctx, free);
    const before = (await free.admin.call(api.listRoles)).json() as api.Role[];
    const input = newUser({ roleIds: [free.roles.Veterinarian], locationIds: [free.locationId] });
    const res = await free.admin.call(api.createUser, { body: { data: input } });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toBe(USER_LIMIT);

    const users = (await free.admin.call(api.listUsers)).json() as api.User[];
    expect(users.some((u) => u.email === input.email)).toBe(false);
    expect(users).toHaveLength(2);
    expect((await free.admin.call(api.listRoles)).json()).toEqual(before);
    expect((await loginRequest(ctx, input.email as string, TEST_PASSWORD, '203.0.113.30')).statusCode).toBe(401);
    expect((await free.admin.call(api.getSubscription)).json().activeUsers).toBe(2);
  });
});
