import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';

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

async function search(q: string, extra: Record<string, string> = {}, caller: Client = staff): Promise<api.SearchResult> {
  const res = await caller.call(api.globalSearch, { query: { q, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.SearchResult;
}
/** A word no other test uses, so results are this test's own. */
const word = () => `q${Math.random().toString(36).slice(2, 9)}`;

describe('GET /api/search', () => {
  it('finds clients by name, email or phone (punctuation ignored)', async () => {
    const w = word();
    const client = await newClient(staff, home.locationId, { firstName: 'Marta', lastName: w, email: `${w}@mail.example`, phone: '+1 (707) 555-0177' });
    const found = (await search(`marta ${w}`)).clients;
    expect(found).toEqual([{ id: client.id, firstName: 'Marta', lastName: w, email: client.email, phone: '+1 (707) 555-0177', locationId: home.locationId }]);
    expect((await search(`${w}@mail`)).clients.map((c) => c.id)).toEqual([client.id]);
    expect((await search(`707-555-0177 ${w}`)).clients.map((c) => c.id)).toEqual([client.id]);
    expect((await search(`${w} zzz`)).clients).toEqual([]);
  });

  it('finds patients by name prefix or exact microchip, with their client and species', async () => {
    const w = word();
    const owner = await newClient(staff, home.locationId, { firstName: 'Otto', lastName: 'Owner' });
    const chip = `9851${Date.now()}`;
    const patient = await newPatient(staff, owner.id, home.catSpeciesId, { name: `${w}ster`, microchip: chip });
    const expected = { id: patient.id, name: `${w}ster`, clientId: owner.id, clientName: 'Otto Owner', speciesName: 'Cat', microchip: chip, deceasedOn: null };
    expect((await search(w.toUpperCase())).patients).toEqual([expected]);
    expect((await search(chip)).patients).toEqual([expected]);
    expect((await search(chip.slice(0, -1))).patients).toEqual([]);
    // Prefix only: the middle of a name is not a match.
    expect((await search(w.slice(2))).patients).toEqual([]);
  });

  it('merges the name matches and the microchip match into one list in name order', async () => {
    const w = word();
    const owner = await newClient(staff, home.locationId, { firstName: 'Nell', lastName: 'Chip' });
    // A patient whose microchip is the word typed, named so it sorts between the name matches.
    const chipped = await newPatient(staff, owner.id, home.catSpeciesId, { name: `${w}m-chip`, microchip: `${w}m` });
    const named = [];
    for (const suffix of ['mz', 'ma', 'mb']) named.push(await newPatient(staff, owner.id, home.catSpeciesId, { name: `${w}${suffix}` }));
    const byChip = await search(`${w}m`);
    expect(byChip.patients.map((p) => p.name)).toEqual([`${w}m-chip`, `${w}ma`, `${w}mb`, `${w}mz`]);
    expect(byChip.patients[0]!.id).toBe(chipped.id);
    // Upper case sorts as lower case, and the microchip is not counted twice when the name matches too.
    const other = await newPatient(staff, owner.id, home.catSpeciesId, { name: `X${w}`, microchip: `${w}mb` });
    expect((await search(`${w}mb`)).patients.map((p) => p.id)).toEqual([named[2]!.id, other.id]);
  });

  it('shows deceased patients with their date', async () => {
    const w = word();
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId, { name: w });
    await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: '2025-01-05' } } });
    expect((await search(w)).patients).toMatchObject([{ id: patient.id, deceasedOn: '2025-01-05' }]);
  });

  it('narrows to a location when asked', async () => {
    const w = word();
    const elsewhere = await addLocation(ctx, home);
    const here = await newClient(staff, home.locationId, { lastName: w });
    const there = await newClient(staff, elsewhere, { lastName: w });
    await newPatient(staff, there.id, home.speciesId, { name: w });
    expect((await search(w)).clients.map((c) => c.id).sort()).toEqual([here.id, there.id].sort());
    const narrowed = await search(w, { locationId: home.locationId });
    expect(narrowed.clients.map((c) => c.id)).toEqual([here.id]);
    expect(narrowed.patients).toEqual([]);
  });

  it('never finds another account’s clients or patients', async () => {
    const w = word();
    const theirs = await newClient(other.admin, other.locationId, { lastName: w, phone: '555-0199' });
    await newPatient(other.admin, theirs.id, other.speciesId, { name: w, microchip: `chip-${w}` });
    expect(await search(w)).toEqual({ clients: [], patients: [] });
    expect(await search(`chip-${w}`)).toEqual({ clients: [], patients: [] });
    expect((await search(w, {}, other.admin)).clients.map((c) => c.id)).toEqual([theirs.id]);
  });

  it('answers at most 8 of each', async () => {
    const w = word();
    const owner = await newClient(staff, home.locationId, { lastName: w });
    for (let i = 0; i < 9; i++) {
      await newClient(staff, home.locationId, { lastName: `${w}${i}` });
      await newPatient(staff, owner.id, home.speciesId, { name: `${w}${i}` });
    }
    const found = await search(w);
    expect(found.clients).toHaveLength(8);
    expect(found.patients).toHaveLength(8);
  });

  it('answers clients in name order whether the word is short (read in name order) or longer (found, then sorted)', async () => {
    // An account of its own: the one-letter word matches every client in it.
    const mine = await createAccount(ctx);
    const user = await createUser(ctx, mine);
    const w = word();
    for (const firstName of ['Zoe', 'adam', 'Carl', 'bea']) await newClient(user, mine.locationId, { firstName, lastName: w });
    const inOrder = ['adam', 'bea', 'Carl', 'Zoe'];
    expect((await search('q', {}, user)).clients.map((c) => c.firstName)).toEqual(inOrder);
    expect((await search(w, {}, user)).clients.map((c) => c.firstName)).toEqual(inOrder);
  });

  it('answers 400 naming the field for an empty query', async () => {
    for (const query of [{}, { q: '   ' }] as Record<string, string>[]) {
      const res = await staff.call(api.globalSearch, { query });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(/^q: /);
    }
  });
});
