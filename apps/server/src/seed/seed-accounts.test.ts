// Accounts the seeds and benchmarks make start as accounts made in the portal: the same
// subscribers of 'account.created' (a new subscriber added to the container only would fail here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { paymentTypesRepository } from '../features/payments/payments.repository.js';
import { seedAccounts } from './seed-accounts.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

it('has the container’s subscribers of account.created', () => {
  expect(seedAccounts(ctx.database.db).events.subscribersOf('account.created')).toEqual(ctx.app.container.events.subscribersOf('account.created'));
  expect(ctx.app.container.events.subscribersOf('account.created')).toContain('payment types');
});

it('a seeded account starts with the default payment types', async () => {
  const account = await seedAccounts(ctx.database.db).accounts.create({
    name: 'Seeded Practice',
    subscriptionTier: 'premium',
    owner: { firstName: 'Sam', lastName: 'Seed', email: `seed-${crypto.randomUUID()}@test.example`, password: 'correct-horse-battery' },
    location: { name: 'Main', timezone: 'Europe/London' },
  });
  const cash = await paymentTypesRepository.firstOfMethod(ctx.database.db, { accountId: account.id }, 'cash');
  expect(cash?.name).toBeTruthy();
});
