import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { inventoryLogRepository } from './inventory-log.repository.js';
import { makeItem, receive } from './inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client;
let patientId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  const client = await newClient(home.admin, home.locationId);
  patientId = (await newPatient(home.admin, client.id, home.speciesId)).id;
});
afterAll(() => ctx?.close());

const log = (inventoryLogData: Record<string, unknown>, caller: Client = home.admin) => caller.call(api.createInventoryLogEntry, { body: { inventoryLogData } });
const entriesOf = (res: { json(): unknown }) => (res.json() as { entries: api.InventoryLogEntry[] }).entries;
const movements = async (account: TestAccount = home) =>
  (await ctx.database.query<{ n: number }>(`select count(*)::int as n from inventory_movements where account_id = '${account.accountId}'`))[0]!.n;
async function lots(itemId: string, locationId = home.locationId): Promise<api.Lot[]> {
  const res = await home.admin.call(api.listItemLots, { params: { id: itemId }, query: { locationId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const administer = (itemId: string, quantity: number, more: Record<string, unknown> = {}, caller: Client = desk) =>
  log({ type: 'administered', itemId, locationId: home.locationId, quantity, patientId, ...more }, caller);

describe('POST /api/inventoryLog', () => {
  it('receives boxes as sell units into a lot, and the same lot again adds to it', async () => {
    const itemId = await makeItem(home);
    const res = await log({ type: 'received', itemId, locationId: home.locationId, quantity: 2, lotNumber: 'A1', expiresOn: '2031-01-31', receivedOn: '2030-12-01' }, desk);
    expect(res.statusCode, res.body).toBe(200);
    expect(entriesOf(res)).toEqual([expect.objectContaining({ type: 'received', quantity: 200, balance: 200, lotNumber: 'A1', expiresOn: '2031-01-31' })]);
    await log({ type: 'received', itemId, locationId: home.locationId, quantity: 5, unit: 'sell', lotNumber: 'A1', expiresOn: '2031-01-31' });
    expect(await lots(itemId)).toEqual([expect.objectContaining({ lotNumber: 'A1', onHand: 205, receivedOn: '2030-12-01' })]);
  });

  it('answers 400 naming the field: an expiry before receipt, a fraction of a whole unit, a missing patient', async () => {
    const itemId = await makeItem(home);
    const early = await log({ type: 'received', itemId, locationId: home.locationId, quantity: 1, expiresOn: '2030-01-01', receivedOn: '2030-02-01' });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toMatch(/^expiresOn: /);
    await receive(home, itemId, 1);
    const half = await administer(itemId, 0.5);
    expect(half.statusCode).toBe(400);
    expect(errorOf(half)).toBe('quantity: must be a whole number of tablets');
    const noPatient = await log({ type: 'administered', itemId, locationId: home.locationId, quantity: 1 });
    expect(errorOf(noPatient)).toMatch(/^patientId: /);
    const sameLocation = await log({ type: 'transfer', itemId, locationId: home.locationId, toLocationId: home.locationId, quantity: 1 });
    expect(errorOf(sameLocation)).toBe('toLocationId: must be another location');
  });

  it('takes the first-expiring lot first (those that do not expire last), one entry per lot with the running balance', async () => {
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    await receive(home, itemId, 4, { lotNumber: 'NOEXP', expiresOn: null });
    await receive(home, itemId, 3, { lotNumber: 'LATE', expiresOn: '2032-01-01' });
    await receive(home, itemId, 2, { lotNumber: 'SOON', expiresOn: '2031-01-01' });
    const res = await administer(itemId, 6);
    expect(res.statusCode, res.body).toBe(200);
    expect(entriesOf(res).map((e) => [e.lotNumber, e.quantity, e.balance, e.patientId])).toEqual([
      ['SOON', -2, 7, patientId],
      ['LATE', -3, 4, patientId],
      ['NOEXP', -1, 3, patientId],
    ]);
    expect((await lots(itemId)).map((l) => [l.lotNumber, l.onHand])).toEqual([['NOEXP', 3]]);
  });

  it('answers 409 naming the item and what is left beyond stock, writing nothing', async () => {
    const itemId = await makeItem(home, { name: 'Buprenorphine', unitsPerPurchase: 1, sellUnit: 'vial' });
    await receive(home, itemId, 2);
    const before = await movements();
    const res = await administer(itemId, 3);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.INVENTORY_MESSAGES.notEnoughStock('Buprenorphine', 2, 'vial'));
    expect(await movements()).toBe(before);
    expect((await lots(itemId))[0]!.onHand).toBe(2);
  });

  it('writes off from a lot, and refuses a lot of another item (400)', async () => {
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    const { lotId } = await receive(home, itemId, 5);
    const res = await log({ type: 'expired', itemId, locationId: home.locationId, lotId, quantity: 2, reason: 'Past its date' }, desk);
    expect(entriesOf(res)).toEqual([expect.objectContaining({ type: 'expired', quantity: -2, balance: 3, lotId, reason: 'Past its date' })]);
    const otherItem = await makeItem(home);
    const wrong = await log({ type: 'damaged', itemId: otherItem, locationId: home.locationId, lotId, quantity: 1, reason: 'Dropped' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatch(/^lotId: /);
  });

  it('transfers to another location into a lot of the same number and expiry, both entries under one transfer id', async () => {
    const branch = await addLocation(ctx, home);
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    await receive(home, itemId, 10, { lotNumber: 'T1', expiresOn: '2031-03-31' });
    const res = await log({ type: 'transfer', itemId, locationId: home.locationId, toLocationId: branch, quantity: 4, reason: 'Branch ran out' }, desk);
    expect(res.statusCode, res.body).toBe(200);
    const [out, into] = entriesOf(res);
    expect(out).toMatchObject({ type: 'transfer_out', quantity: -4, balance: 6, locationId: home.locationId });
    expect(into).toMatchObject({ type: 'transfer_in', quantity: 4, balance: 4, locationId: branch, lotNumber: 'T1', expiresOn: '2031-03-31' });
    expect(out!.transferId).toBeTruthy();
    expect(into!.transferId).toBe(out!.transferId);
    expect((await lots(itemId, branch)).map((l) => [l.lotNumber, l.expiresOn, l.onHand])).toEqual([['T1', '2031-03-31', 4]]);
  });

  it('checks the administered appointment: of the patient, at the location', async () => {
    const itemId = await makeItem(home);
    await receive(home, itemId, 1);
    const client = await newClient(home.admin, home.locationId);
    const otherPatient = (await newPatient(home.admin, client.id, home.speciesId)).id;
    const booked = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, patientIds: [otherPatient], startAt: '2031-02-03T10:00:00Z', endAt: '2031-02-03T10:30:00Z' } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await administer(itemId, 1, { appointmentId: booked.json().id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('appointmentId: must be an appointment of the patient');
  });

  it("answers 404 for another account's item, location, lot or patient, writing nothing", async () => {
    const itemId = await makeItem(home);
    const { lotId } = await receive(home, itemId, 1);
    const theirItem = await makeItem(other);
    const theirLot = (await receive(other, theirItem, 1)).lotId;
    const theirClient = await newClient(other.admin, other.locationId);
    const theirPatient = (await newPatient(other.admin, theirClient.id, other.speciesId)).id;
    const before = [await movements(), await movements(other)];
    for (const data of [
      { itemId: theirItem },
      { locationId: other.locationId },
      { lotId: theirLot },
      { patientId: theirPatient },
    ]) {
      const res = await administer(itemId, 1, { lotId, ...data });
      expect(res.statusCode, JSON.stringify(data)).toBe(404);
    }
    expect([await movements(), await movements(other)]).toEqual(before);
  });
});

describe('what was administered at an appointment', () => {
  it('is read net of corrections, per item (what missed charges and sales read)', async () => {
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    await receive(home, itemId, 10);
    const booked = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: (await home.admin.call(api.getPatient, { params: { id: patientId } })).json().clientId, patientIds: [patientId], startAt: '2031-03-03T10:00:00Z', endAt: '2031-03-03T10:30:00Z' } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().id as string;
    const [given] = entriesOf(await administer(itemId, 3, { appointmentId }));
    await home.admin.call(api.correctInventoryLogEntry, { params: { id: given!.id }, body: { inventoryLogData: { quantity: 2, reason: 'Two' } } });
    const used = await inventoryLogRepository.administeredAt(ctx.database.db, { accountId: home.accountId }, [appointmentId]);
    expect(used).toEqual([{ appointmentId, itemId, quantity: 2 }]);
  });
});

describe('what the log names is kept', () => {
  it('refuses (409) deleting a patient or client the log names', async () => {
    const client = await newClient(home.admin, home.locationId);
    const patient = (await newPatient(home.admin, client.id, home.speciesId)).id;
    const itemId = await makeItem(home);
    await receive(home, itemId, 1);
    expect((await administer(itemId, 1, { patientId: patient })).statusCode).toBe(200);
    const res = await home.admin.call(api.deletePatient, { params: { id: patient } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.PATIENT_HAS_HISTORY);
    const byClient = await home.admin.call(api.deleteClient, { params: { id: client.id } });
    expect(byClient.statusCode).toBe(409);
  });
});

describe('GET /api/inventoryLog', () => {
  it('pages the log newest first, and a controlled drug’s ledger oldest first', async () => {
    const itemId = await makeItem(home, { name: 'Methadone', controlled: true, unitsPerPurchase: 10, sellUnit: 'ml', wholeUnits: false });
    await receive(home, itemId, 1);
    await administer(itemId, 2.5);
    const ledger = await home.admin.call(api.listInventoryLog, { query: { controlled: true, itemId, order: 'oldest', limit: 50 } });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().items.map((e: api.InventoryLogEntry) => [e.type, e.quantity, e.balance, e.controlled])).toEqual([
      ['received', 10, 10, true],
      ['administered', -2.5, 7.5, true],
    ]);
    const newest = await desk.call(api.listInventoryLog, { query: { itemId, limit: 1 } });
    expect(newest.json()).toMatchObject({ total: 2, items: [{ type: 'administered', patientId, userName: expect.any(String) }] });
    const entry = newest.json().items[0];
    expect((await desk.call(api.getInventoryLogEntry, { params: { id: entry.id } })).json()).toEqual(entry);
  });

  it("answers 404 for another account's filters and entries", async () => {
    const theirs = await receive(other, await makeItem(other), 1);
    expect((await home.admin.call(api.listInventoryLog, { query: { locationId: other.locationId, limit: 5 } })).statusCode).toBe(404);
    expect((await home.admin.call(api.listInventoryLog, { query: { lotId: theirs.lotId, limit: 5 } })).statusCode).toBe(404);
    expect((await home.admin.call(api.getInventoryLogEntry, { params: { id: theirs.entryId } })).statusCode).toBe(404);
  });
});

describe('correcting the log', () => {
  it('corrects an entry by a new one for the difference, from its current net; undoes the rest', async () => {
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    await receive(home, itemId, 10);
    const [given] = entriesOf(await administer(itemId, 3));
    const corrected = await home.admin.call(api.correctInventoryLogEntry, { params: { id: given!.id }, body: { inventoryLogData: { quantity: 2, reason: 'Only two given' } } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(entriesOf(corrected)).toEqual([expect.objectContaining({ type: 'correction', quantity: 1, balance: 8, correctsId: given!.id, lotId: given!.lotId })]);
    const again = await home.admin.call(api.correctInventoryLogEntry, { params: { id: given!.id }, body: { inventoryLogData: { quantity: 4, reason: 'Four after all' } } });
    expect(entriesOf(again)).toEqual([expect.objectContaining({ quantity: -2, balance: 6 })]);
    const undone = await home.admin.call(api.deleteInventoryLogEntry, { params: { id: given!.id }, query: { reason: 'Not given' } });
    expect(entriesOf(undone)).toEqual([expect.objectContaining({ quantity: 4, balance: 10 })]);
    // the entry itself never changed
    expect((await home.admin.call(api.getInventoryLogEntry, { params: { id: given!.id } })).json()).toMatchObject({ quantity: -3, balance: 7 });
  });

  it('refuses what is not correctable (409), beyond stock (409), without the permission (403), another account’s (404)', async () => {
    const branch = await addLocation(ctx, home);
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    const received = await receive(home, itemId, 5);
    const [out] = entriesOf(await log({ type: 'transfer', itemId, locationId: home.locationId, toLocationId: branch, quantity: 1 }));
    const notCorrectable = await home.admin.call(api.correctInventoryLogEntry, { params: { id: out!.id }, body: { inventoryLogData: { quantity: 2, reason: 'x' } } });
    expect(notCorrectable.statusCode).toBe(409);
    expect(errorOf(notCorrectable)).toBe(api.INVENTORY_MESSAGES.notCorrectable);
    await administer(itemId, 4);
    // undoing the receipt of 5 would take 5 of the 0 left
    const beyond = await home.admin.call(api.deleteInventoryLogEntry, { params: { id: received.entryId }, query: { reason: 'Never came' } });
    expect(beyond.statusCode).toBe(409);
    expect(errorOf(beyond)).toMatch(/^Not enough /);
    const denied = await desk.call(api.correctInventoryLogEntry, { params: { id: received.entryId }, body: { inventoryLogData: { quantity: 4, reason: 'x' } } });
    expect(denied.statusCode).toBe(403);
    const theirs = await receive(other, await makeItem(other), 1);
    const stranger = await home.admin.call(api.deleteInventoryLogEntry, { params: { id: theirs.entryId }, query: { reason: 'x' } });
    expect(stranger.statusCode).toBe(404);
    const missingReason = await home.admin.call(api.correctInventoryLogEntry, { params: { id: received.entryId }, body: { inventoryLogData: { quantity: 4 } } });
    expect(errorOf(missingReason)).toMatch(/^reason: /);
  });

  it('is append-only: the database refuses to change or delete an entry (the controlled-drug ledger too)', async () => {
    const itemId = await makeItem(home, { controlled: true });
    const { entryId } = await receive(home, itemId, 1);
    await expect(ctx.database.query(`update inventory_movements set quantity = 1 where id = '${entryId}'`)).rejects.toThrow(/inventory log entries are never changed/);
    await expect(ctx.database.query(`delete from inventory_movements where id = '${entryId}'`)).rejects.toThrow(/inventory log entries are never changed/);
    expect((await home.admin.call(api.getInventoryLogEntry, { params: { id: entryId } })).json().quantity).toBe(100);
  });
});
