import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, uploadDocument, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newContact } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
async function listContacts(query: Record<string, string> = {}, caller: Client = staff): Promise<api.Contact[]> {
  const res = await caller.call(api.listContacts, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.Contact[];
}
const tag = () => Math.random().toString(36).slice(2, 8);

async function documentFor(clientId: string, contactId: string): Promise<api.Document> {
  const res = await uploadDocument(ctx, staff, { clientId, contactId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Document;
}
async function documentsOf(contactId: string): Promise<string[]> {
  return ((await staff.call(api.listDocuments, { query: { contactId } })).json() as api.Document[]).map((d) => d.id);
}
async function merge(data: Record<string, unknown>) {
  return staff.call(api.mergeContacts, { body: { data } });
}

describe('GET /api/contact', () => {
  it('lists the account’s contacts sorted by name, searched and filtered', async () => {
    const t = tag();
    const owner = await newClient(staff, home.locationId);
    const zed = await newContact(staff, { name: `zed ${t}`, category: 'supplier', email: `zed-${t}@example.com` });
    const amy = await newContact(staff, { name: `Amy ${t}`, category: 'referring_vet', organisation: `Hill Vets ${t}`, clientId: owner.id });
    const bob = await newContact(staff, { name: `bob ${t}`, category: 'supplier', phone: `555-${t}` });
    await newContact(other.admin, { name: `Their ${t}` });

    expect((await listContacts({ search: t })).map((c) => c.id)).toEqual([amy.id, bob.id, zed.id]);
    expect((await listContacts({ search: `hill vets ${t}` })).map((c) => c.id)).toEqual([amy.id]);
    expect((await listContacts({ search: `zed-${t}@` })).map((c) => c.id)).toEqual([zed.id]);
    expect((await listContacts({ search: `555-${t}` })).map((c) => c.id)).toEqual([bob.id]);
    expect((await listContacts({ search: t, category: 'supplier' })).map((c) => c.id)).toEqual([bob.id, zed.id]);
    expect((await listContacts({ clientId: owner.id })).map((c) => c.id)).toEqual([amy.id]);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const res = await staff.call(api.listContacts, { query: { category: 'vet' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^category: /);
  });
});

describe('POST /api/contact', () => {
  it('creates a contact that the list then shows', async () => {
    const owner = await newClient(staff, home.locationId);
    const res = await staff.call(api.createContact, {
      body: {
        data: {
          name: 'Dr Hall',
          organisation: 'Hall Referrals',
          category: 'referring_vet',
          email: 'Hall@Example.com',
          phone: '+1 (530) 555-0100',
          address: '3 Oak Rd',
          notes: 'Fax preferred',
          clientId: owner.id,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as api.Contact;
    expect(created).toMatchObject({ name: 'Dr Hall', organisation: 'Hall Referrals', category: 'referring_vet', email: 'hall@example.com', clientId: owner.id });
    expect(await listContacts({ clientId: owner.id })).toEqual([created]);
  });

  it('answers 400 naming the field, with the exact message for & in the name or organisation', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: is required'],
      [{ name: 'Smith & Co' }, AMPERSAND],
      [{ name: 'Smith', organisation: 'Smith & Sons' }, AMPERSAND],
      [{ name: 'Smith', category: 'friend' }, 'category: '],
      [{ name: 'Smith', email: 'smith' }, 'email: must be a valid email address'],
      [{ name: 'Smith', notes: 'x'.repeat(1000) }, 'Message must be less than 1000 characters'],
    ];
    for (const [data, message] of cases) {
      const res = await staff.call(api.createContact, { body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res).startsWith(message), errorOf(res)).toBe(true);
    }
  });

  it('answers 400 for another account’s client', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    const name = `Linked ${tag()}`;
    const res = await staff.call(api.createContact, { body: { data: { name, clientId: theirs.id } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('clientId: unknown client');
    expect(await listContacts({ search: name })).toEqual([]);
  });
});

describe('POST /api/contact/{id}', () => {
  it('changes only the fields sent', async () => {
    const contact = await newContact(staff, { name: `Edit ${tag()}`, email: 'edit@example.com', organisation: 'Org' });
    const res = await staff.call(api.updateContact, { params: { id: contact.id }, body: { data: { phone: '555-0101' } } });
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await listContacts({ search: contact.name });
    expect(got).toMatchObject({ name: contact.name, email: 'edit@example.com', organisation: 'Org', phone: '555-0101', category: 'crematory' });
  });

  it('answers 400 for & in the name or organisation, or another account’s client', async () => {
    const contact = await newContact(staff, { name: `Edit ${tag()}` });
    for (const data of [{ name: 'A & B' }, { organisation: 'A & B' }]) {
      const res = await staff.call(api.updateContact, { params: { id: contact.id }, body: { data } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(AMPERSAND);
    }
    const theirs = await newClient(other.admin, other.locationId);
    const res = await staff.call(api.updateContact, { params: { id: contact.id }, body: { data: { clientId: theirs.id } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('clientId: unknown client');
    expect((await listContacts({ search: contact.name }))[0]).toMatchObject({ clientId: null, organisation: null });
  });
});

describe('DELETE /api/contact/{id}', () => {
  it('deletes a contact; its documents stay with the client', async () => {
    const owner = await newClient(staff, home.locationId);
    const contact = await newContact(staff, { name: `Gone ${tag()}` });
    const doc = await documentFor(owner.id, contact.id);
    const res = await staff.call(api.deleteContact, { params: { id: contact.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await listContacts({ search: contact.name })).toEqual([]);
    const docs = (await staff.call(api.listDocuments, { query: { clientId: owner.id } })).json() as api.Document[];
    expect(docs).toMatchObject([{ id: doc.id, contactId: null }]);
    expect((await staff.call(api.deleteContact, { params: { id: contact.id } })).statusCode).toBe(404);
  });
});

describe('POST /api/contact/merge', () => {
  it('gives the survivor the chosen fields, moves every reference and hides the merged contacts', async () => {
    const t = tag();
    const owner = await newClient(staff, home.locationId);
    const survivor = await newContact(staff, { name: `Survivor ${t}`, email: `old-${t}@example.com`, phone: '555-0001' });
    const dupe = await newContact(staff, { name: `Dupe ${t}`, email: `new-${t}@example.com`, organisation: 'Better Org', category: 'supplier' });
    const third = await newContact(staff, { name: `Third ${t}`, phone: '555-0003' });
    const dupeDoc = await documentFor(owner.id, dupe.id);
    const thirdDoc = await documentFor(owner.id, third.id);
    const ownDoc = await documentFor(owner.id, survivor.id);

    const res = await merge({ survivorId: survivor.id, mergedIds: [dupe.id, third.id], fields: { email: dupe.id, organisation: dupe.id, phone: third.id } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { merge: api.ContactMerge; survivor: api.Contact };
    expect(body.survivor).toMatchObject({
      id: survivor.id,
      name: survivor.name,
      email: dupe.email,
      organisation: 'Better Org',
      phone: '555-0003',
      category: 'crematory',
    });
    expect(body.merge).toMatchObject({
      survivorId: survivor.id,
      mergedIds: [dupe.id, third.id],
      mergedNames: [dupe.name, third.name],
      movedReferences: 2,
      undoneAt: null,
    });

    expect((await listContacts({ search: t })).map((c) => c.id)).toEqual([survivor.id]);
    expect((await documentsOf(survivor.id)).sort()).toEqual([dupeDoc.id, thirdDoc.id, ownDoc.id].sort());
    expect(await documentsOf(dupe.id)).toEqual([]);
    const merges = (await staff.call(api.listContactMerges)).json() as api.ContactMerge[];
    expect(merges.find((m) => m.id === body.merge.id)).toEqual(body.merge);
  });

  it('answers 400 for a survivor among the merged, no contacts to merge, or a field from an outsider', async () => {
    const a = await newContact(staff, { name: `A ${tag()}` });
    const b = await newContact(staff, { name: `B ${tag()}` });
    const outsider = await newContact(staff, { name: `Outsider ${tag()}` });
    const self = await merge({ survivorId: a.id, mergedIds: [a.id, b.id] });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toBe('mergedIds: cannot include the surviving contact');
    const none = await merge({ survivorId: a.id, mergedIds: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toBe('mergedIds: must name at least one contact to merge');
    const field = await merge({ survivorId: a.id, mergedIds: [b.id], fields: { email: outsider.id } });
    expect(field.statusCode).toBe(400);
    expect(errorOf(field)).toBe('fields.email: must name one of the contacts being merged');
    const unknownField = await merge({ survivorId: a.id, mergedIds: [b.id], fields: { password: b.id } });
    expect(unknownField.statusCode).toBe(400);
    // Nothing was merged.
    expect((await listContacts({ search: b.name })).map((c) => c.id)).toEqual([b.id]);
  });

  it('answers 404 for another account’s contact, changing nothing', async () => {
    const mine = await newContact(staff, { name: `Mine ${tag()}` });
    const theirs = await newContact(other.admin, { name: `Theirs ${tag()}` });
    for (const data of [
      { survivorId: mine.id, mergedIds: [theirs.id] },
      { survivorId: theirs.id, mergedIds: [mine.id] },
    ]) {
      const res = await merge(data);
      expect(res.statusCode).toBe(404);
    }
    expect(await listContacts({ search: mine.name })).toHaveLength(1);
    expect(await listContacts({ search: theirs.name }, other.admin)).toHaveLength(1);
  });

  it('answers 404 for a contact already merged away', async () => {
    const a = await newContact(staff, { name: `A ${tag()}` });
    const b = await newContact(staff, { name: `B ${tag()}` });
    const c = await newContact(staff, { name: `C ${tag()}` });
    expect((await merge({ survivorId: a.id, mergedIds: [b.id] })).statusCode).toBe(200);
    expect((await merge({ survivorId: c.id, mergedIds: [b.id] })).statusCode).toBe(404);
    expect((await merge({ survivorId: b.id, mergedIds: [c.id] })).statusCode).toBe(404);
  });

  it('hides a merged contact from updates and deletes (404) until the merge is undone', async () => {
    const a = await newContact(staff, { name: `A ${tag()}` });
    const b = await newContact(staff, { name: `B ${tag()}` });
    const res = await merge({ survivorId: a.id, mergedIds: [b.id] });
    const update = await staff.call(api.updateContact, { params: { id: b.id }, body: { data: { notes: 'changed' } } });
    expect(update.statusCode).toBe(404);
    const remove = await staff.call(api.deleteContact, { params: { id: b.id } });
    expect(remove.statusCode).toBe(404);
    const undo = await staff.call(api.undoContactMerge, { params: { id: res.json().merge.id } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await listContacts({ search: b.name })).toMatchObject([{ id: b.id, notes: null }]);
  });
});

describe('POST /api/contact/merge/{id}/undo', () => {
  it('restores the merged contacts, the survivor’s own fields and the moved references', async () => {
    const t = tag();
    const owner = await newClient(staff, home.locationId);
    const survivor = await newContact(staff, { name: `Survivor ${t}`, email: `old-${t}@example.com` });
    const dupe = await newContact(staff, { name: `Dupe ${t}`, email: `new-${t}@example.com`, category: 'supplier' });
    const dupeDoc = await documentFor(owner.id, dupe.id);
    const ownDoc = await documentFor(owner.id, survivor.id);
    const merged = (await merge({ survivorId: survivor.id, mergedIds: [dupe.id], fields: { email: dupe.id, name: dupe.id, category: dupe.id } })).json() as {
      merge: api.ContactMerge;
    };

    const res = await staff.call(api.undoContactMerge, { params: { id: merged.merge.id } });
    expect(res.statusCode, res.body).toBe(200);
    const undone = res.json() as api.ContactMerge;
    expect(undone).toMatchObject({ id: merged.merge.id, survivorId: survivor.id, mergedIds: [dupe.id] });
    expect(undone.undoneAt).not.toBeNull();

    const listed = await listContacts({ search: t });
    expect(listed.map((c) => c.id).sort()).toEqual([survivor.id, dupe.id].sort());
    expect(listed.find((c) => c.id === survivor.id)).toMatchObject({ name: survivor.name, email: survivor.email, category: 'crematory' });
    expect(listed.find((c) => c.id === dupe.id)).toMatchObject({ name: dupe.name, email: dupe.email, category: 'supplier' });
    expect(await documentsOf(dupe.id)).toEqual([dupeDoc.id]);
    expect(await documentsOf(survivor.id)).toEqual([ownDoc.id]);
    const merges = (await staff.call(api.listContactMerges)).json() as api.ContactMerge[];
    expect(merges.find((m) => m.id === merged.merge.id)?.undoneAt).toBe(undone.undoneAt);
  });

  it('answers 400 to a second undo, changing nothing', async () => {
    const a = await newContact(staff, { name: `A ${tag()}` });
    const b = await newContact(staff, { name: `B ${tag()}` });
    const id = (await merge({ survivorId: a.id, mergedIds: [b.id] })).json().merge.id as string;
    expect((await staff.call(api.undoContactMerge, { params: { id } })).statusCode).toBe(200);
    const again = await staff.call(api.undoContactMerge, { params: { id } });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe('This merge has already been undone');
    expect(await listContacts({ search: b.name })).toHaveLength(1);
  });

  it('answers 400 when the survivor has since been deleted', async () => {
    const a = await newContact(staff, { name: `A ${tag()}` });
    const b = await newContact(staff, { name: `B ${tag()}` });
    const id = (await merge({ survivorId: a.id, mergedIds: [b.id] })).json().merge.id as string;
    expect((await staff.call(api.deleteContact, { params: { id: a.id } })).statusCode).toBe(200);
    const res = await staff.call(api.undoContactMerge, { params: { id } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('The surviving contact has been deleted, so this merge cannot be undone');
  });

  it('lists merges of this account only', async () => {
    const a = await newContact(other.admin, { name: `A ${tag()}` });
    const b = await newContact(other.admin, { name: `B ${tag()}` });
    const res = await other.admin.call(api.mergeContacts, { body: { data: { survivorId: a.id, mergedIds: [b.id] } } });
    expect(res.statusCode).toBe(200);
    const mine = (await staff.call(api.listContactMerges)).json() as api.ContactMerge[];
    expect(mine.map((m) => m.id)).not.toContain(res.json().merge.id);
  });
});
