// An update that leaves fields out changes only the fields it names. zod's `.partial()` fills a
// left-out field's default back in (a user's roles to none, a contact's organisation to empty):
// the contracts build update inputs with patchOf, and the server's validation keeps left-out
// optional keys out whatever the schema (keepAbsentOptionals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type TestAccount, type TestContext } from './harness.js';

let ctx: TestContext;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  account = await createAccount(ctx);
});
afterAll(() => ctx?.close());

describe('an update naming one field', () => {
  it('keeps a contact’s other fields', async () => {
    const created = await account.admin.call(api.createContact, {
      body: { data: { name: 'Dr. Ames', organisation: 'Riverside Vets', category: 'referring_vet', notes: 'Sends cremations' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as api.Contact).id;
    const res = await account.admin.call(api.updateContact, { params: { id }, body: { data: { name: 'Dr. Ames-Lee' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dr. Ames-Lee', organisation: 'Riverside Vets', category: 'referring_vet', notes: 'Sends cremations' });
  });

  it('keeps a user’s roles and locations', async () => {
    const member = await createUser(ctx, account, ['analytics.view']);
    const before = (await account.admin.call(api.getUser, { params: { id: member.userId } })).json() as api.User;
    expect(before.roleIds.length).toBeGreaterThan(0);
    const res = await account.admin.call(api.updateUser, { params: { id: member.userId }, body: { data: { firstName: 'Una' } } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await account.admin.call(api.getUser, { params: { id: member.userId } })).json() as api.User;
    expect(after).toMatchObject({ firstName: 'Una', roleIds: before.roleIds, locationIds: before.locationIds });
  });

  it('still parses a left-out field as absent, not as its default', () => {
    expect(api.patchOf(api.ContactInput).parse({ name: 'X' })).toEqual({ name: 'X' });
    expect(api.ContactInput.partial().parse({ name: 'X' })).not.toEqual({ name: 'X' });
    // the rules added after a default still hold
    expect(api.patchOf(api.ContactInput).safeParse({ organisation: 'A & B' }).success).toBe(false);
  });
});
