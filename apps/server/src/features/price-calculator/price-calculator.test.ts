import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { holdTransaction, onPostgres, settledFlag, waitForLockWaiters } from '../../../test/concurrency.js';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { locationsRepository } from '../locations/locations.repository.js';
import { priceBandsRepository } from './price-calculator.repository.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  manager = await createUser(ctx, home, ['locations.manage']);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

const KG = 1000;
type BandData = { locationId: string; cremationType?: api.CremationType; minGrams: number; maxGrams: number; price?: number };
const bandData = (b: BandData) => ({ cremationType: 'private', price: 15_000, ...b });

async function createBand(b: BandData, caller: Client = manager): Promise<api.PriceBand> {
  const res = await caller.call(api.priceBandOps.create, { body: { data: bandData(b) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.PriceBand;
}
async function listBands(query: { locationId: string; cremationType?: string }, caller: Client = staff): Promise<api.PriceBand[]> {
  const res = await caller.call(api.priceBandOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.PriceBand[];
}

/** The demo's shape: 0–5, 5–10, 10–25, 25–45, 45–70 kg. */
async function standardBands(locationId: string, cremationType: api.CremationType = 'private', prices = [15_000, 19_500, 26_000, 32_000, 38_500]) {
  const edges = [0, 5, 10, 25, 45, 70];
  const bands: api.PriceBand[] = [];
  for (let i = 0; i < prices.length; i++)
    bands.push(await createBand({ locationId, cremationType, minGrams: edges[i]! * KG, maxGrams: edges[i + 1]! * KG, price: prices[i]! }));
  return bands;
}

/** A location with an add-on category and these add-ons, and these services. */
async function catalogue(locationId: string, t: TestAccount = home) {
  const category = (await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId, name: 'Keepsakes' } } })).json() as api.AddOnCategory;
  const addOn = async (name: string, price: number, active = true) => {
    const res = await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: category.id, name, price, active } } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as api.AddOn;
  };
  const service = async (name: string, price: number, type = 'Euthanasia') => {
    const res = await t.admin.call(api.serviceOps.create, { body: { data: { locationId, type, name, duration: 60, price } } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as api.Service;
  };
  return { addOn, service };
}

async function quote(data: Record<string, unknown>, caller: Client = staff) {
  return caller.call(api.quotePrice, { body: { data } });
}

describe('price bands', () => {
  it('creates bands and lists a location’s by cremation type, then weight', async () => {
    const locationId = await addLocation(ctx, home);
    const communal = await createBand({ locationId, cremationType: 'communal', minGrams: 0, maxGrams: 10 * KG, price: 6_000 });
    const [first, second] = await standardBands(locationId);
    const partitioned = await createBand({ locationId, cremationType: 'partitioned', minGrams: 0, maxGrams: 10 * KG, price: 11_000 });
    expect(first).toEqual({
      id: expect.any(String),
      locationId,
      cremationType: 'private',
      minGrams: 0,
      maxGrams: 5000,
      price: 15_000,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const all = await listBands({ locationId });
    expect(all.map((b) => b.id).slice(0, 2)).toEqual([first!.id, second!.id]);
    expect(all.slice(-2).map((b) => b.id)).toEqual([partitioned.id, communal.id]);
    expect(all).toHaveLength(7);
    expect((await listBands({ locationId, cremationType: 'communal' })).map((b) => b.id)).toEqual([communal.id]);
    // Another location's bands are its own.
    expect(await listBands({ locationId: await addLocation(ctx, home) })).toEqual([]);
  });

  it('answers 400 naming the field', async () => {
    const locationId = home.locationId;
    const cases: [Record<string, unknown>, string][] = [
      [{ maxGrams: 0 }, `maxGrams: ${api.BAND_EMPTY}`],
      [{ minGrams: 5000, maxGrams: 5000 }, `maxGrams: ${api.BAND_EMPTY}`],
      [{ minGrams: -1 }, 'minGrams: must be 0 or more'],
      [{ minGrams: 1.5 }, 'minGrams: must be whole grams'],
      [{ maxGrams: api.MAX_GRAMS + 1 }, 'maxGrams: must be at most 2000 kg'],
      [{ price: 10.5 }, 'price: must be whole cents'],
      [{ price: -1 }, 'price: must be 0 or more'],
      [{ cremationType: 'burial' }, 'cremationType: must be one of private, partitioned, communal'],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
    ];
    for (const [extra, message] of cases) {
      const res = await manager.call(api.priceBandOps.create, {
        body: { data: { locationId, cremationType: 'private', minGrams: 900_000, maxGrams: 905_000, price: 100, ...extra } },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    // An update is checked against the band it changes.
    const band = await createBand({ locationId: await addLocation(ctx, home), minGrams: 0, maxGrams: 5 * KG });
    const res = await manager.call(api.priceBandOps.update, { params: { id: band.id }, body: { data: { minGrams: 5 * KG } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`maxGrams: ${api.BAND_EMPTY}`);
  });

  it('refuses overlapping bands of a type with 409 naming the field; a shared boundary, other types and other locations are fine', async () => {
    const locationId = await addLocation(ctx, home);
    const [small, medium] = await standardBands(locationId);
    const refused = async (data: Partial<BandData>, field: 'minGrams' | 'maxGrams', range: string) => {
      const res = await manager.call(api.priceBandOps.create, { body: { data: bandData({ locationId, minGrams: 0, maxGrams: 1, ...data }) } });
      expect(res.statusCode, JSON.stringify(data)).toBe(409);
      expect(errorOf(res)).toBe(`${field}: overlaps the ${range} band of private cremation; bands may share only a boundary`);
    };
    await refused({ minGrams: 4 * KG, maxGrams: 6 * KG }, 'minGrams', '0–5 kg');
    await refused({ minGrams: 4999, maxGrams: 5001 }, 'minGrams', '0–5 kg');
    await refused({ minGrams: 70 * KG - 1, maxGrams: 80 * KG }, 'minGrams', '45–70 kg');
    await refused({ minGrams: 0, maxGrams: 1 }, 'minGrams', '0–5 kg');
    // Only its upper end falls inside an existing band: the upper weight is named.
    const wide = await addLocation(ctx, home);
    await createBand({ locationId: wide, minGrams: 10 * KG, maxGrams: 20 * KG });
    const res = await manager.call(api.priceBandOps.create, { body: { data: bandData({ locationId: wide, minGrams: 5 * KG, maxGrams: 10 * KG + 1 }) } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatch(/^maxGrams: overlaps the 10–20 kg band/);
    // Covering a band entirely overlaps it too.
    const covering = await manager.call(api.priceBandOps.create, { body: { data: bandData({ locationId: wide, minGrams: 0, maxGrams: 30 * KG }) } });
    expect(covering.statusCode).toBe(409);
    expect(errorOf(covering)).toMatch(/^maxGrams: overlaps the 10–20 kg band/);

    // Boundaries are shared, not overlapped: above the last band and below a band starting higher.
    await createBand({ locationId, minGrams: 70 * KG, maxGrams: 90 * KG });
    await createBand({ locationId: wide, minGrams: 20 * KG, maxGrams: 25 * KG });
    await createBand({ locationId, cremationType: 'communal', minGrams: 0, maxGrams: 70 * KG });
    await createBand({ locationId: await addLocation(ctx, home), minGrams: 0, maxGrams: 5 * KG });

    // An update may move a band within its own range, not into a neighbour's.
    const moved = await manager.call(api.priceBandOps.update, { params: { id: small!.id }, body: { data: { minGrams: 1 * KG, price: 14_000 } } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ minGrams: 1000, maxGrams: 5000, price: 14_000 });
    const into = await manager.call(api.priceBandOps.update, { params: { id: small!.id }, body: { data: { maxGrams: 6 * KG } } });
    expect(into.statusCode).toBe(409);
    expect(errorOf(into)).toBe('maxGrams: overlaps the 5–10 kg band of private cremation; bands may share only a boundary');
    // Changing its type checks the bands of the new type.
    const retyped = await manager.call(api.priceBandOps.update, { params: { id: medium!.id }, body: { data: { cremationType: 'communal' } } });
    expect(retyped.statusCode).toBe(409);
    expect(errorOf(retyped)).toMatch(/^minGrams: overlaps the 0–70 kg band of communal cremation/);
  });

  it('lets one of two overlapping bands saved at once in', async () => {
    const locationId = await addLocation(ctx, home);
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        manager.call(api.priceBandOps.create, { body: { data: bandData({ locationId, minGrams: i * 1000, maxGrams: 10 * KG + i * 1000 }) } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await listBands({ locationId })).toHaveLength(1);
  });

  it('updates and deletes a band', async () => {
    const locationId = await addLocation(ctx, home);
    const band = await createBand({ locationId, minGrams: 0, maxGrams: 5 * KG });
    const res = await manager.call(api.priceBandOps.update, { params: { id: band.id }, body: { data: { price: 17_250, maxGrams: 6 * KG } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...band, price: 17_250, maxGrams: 6000, updatedAt: expect.any(String) });
    expect((await manager.call(api.priceBandOps.remove, { params: { id: band.id } })).statusCode).toBe(200);
    expect(await listBands({ locationId })).toEqual([]);
    expect((await manager.call(api.priceBandOps.remove, { params: { id: band.id } })).statusCode).toBe(404);
  });

  it('refuses writes without locations.manage and answers 404 for another account’s ids', async () => {
    const locationId = await addLocation(ctx, home);
    const band = await createBand({ locationId, minGrams: 0, maxGrams: 5 * KG });
    for (const [op, opts] of [
      [api.priceBandOps.create, { body: { data: bandData({ locationId, minGrams: 5 * KG, maxGrams: 10 * KG }) } }],
      [api.priceBandOps.update, { params: { id: band.id }, body: { data: { price: 1 } } }],
      [api.priceBandOps.remove, { params: { id: band.id } }],
    ] as const) {
      const res = await staff.call(op, opts);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('You do not have permission to do this');
    }
    const them = other.admin;
    expect((await them.call(api.priceBandOps.list, { query: { locationId } })).statusCode).toBe(404);
    expect((await them.call(api.priceBandOps.update, { params: { id: band.id }, body: { data: { price: 1 } } })).statusCode).toBe(404);
    expect((await them.call(api.priceBandOps.remove, { params: { id: band.id } })).statusCode).toBe(404);
    const moved = await them.call(api.priceBandOps.create, { body: { data: bandData({ locationId, minGrams: 5 * KG, maxGrams: 10 * KG }) } });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved)).toBe('locationId: unknown location');
    expect(await listBands({ locationId })).toEqual([band]);
    // Staff price with the bands: the list is everyone's.
    const listed = await staff.call(api.priceBandOps.list, { query: { locationId } });
    expect(listed.statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('two saves at one location', () => {
  it('checks the second against the first once it commits: the overlapping one answers 409', async () => {
    const locationId = await addLocation(ctx, home);
    // A save that has locked the location and written its band, not committed yet.
    const first = await holdTransaction(ctx, async (tx) => {
      await locationsRepository.findById(tx, home, locationId, { lock: 'update' });
      await priceBandsRepository.insert(tx, home, { locationId, cremationType: 'private', minGrams: 0, maxGrams: 10 * KG, price: 100 });
    });
    const second = manager.call(api.priceBandOps.create, { body: { data: bandData({ locationId, minGrams: 5 * KG, maxGrams: 15 * KG }) } });
    await waitForLockWaiters(ctx, 1, settledFlag(second));
    await first.commit();
    const res = await second;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatch(/^minGrams: overlaps the 0–10 kg band/);
    expect(await listBands({ locationId })).toHaveLength(1);
  });
});

describe('quote', () => {
  it('prices the band’s cremation with add-ons and services, totals by priceDocument', async () => {
    const locationId = await addLocation(ctx, home);
    await standardBands(locationId);
    const { addOn, service } = await catalogue(locationId);
    const paw = await addOn('Paw print', 45);
    const urn = await addOn('Urn', 95.5);
    const pickup = await service('Home pickup', 60, 'Aftercare');
    const res = await quote({ locationId, cremationType: 'private', weightGrams: 7_250, addOnIds: [paw.id, urn.id, paw.id], serviceIds: [pickup.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as api.Quote;
    expect(body).toMatchObject({
      callForQuote: false,
      weightGrams: 7250,
      band: { minGrams: 5000, maxGrams: 10000, price: 19_500 },
      lines: [
        { kind: 'text', description: 'Private cremation (5–10 kg)', quantity: 1, unitPrice: 19_500, serviceId: null, addOnId: null, total: 19_500 },
        { kind: 'addOn', description: 'Paw print', unitPrice: 4_500, addOnId: paw.id, serviceId: null, total: 4_500 },
        { kind: 'addOn', description: 'Urn', unitPrice: 9_550, addOnId: urn.id, total: 9_550 },
        { kind: 'service', description: 'Home pickup', unitPrice: 6_000, serviceId: pickup.id, addOnId: null, total: 6_000 },
      ],
      totals: { subtotal: 39_550, discount: 0, tax: 0, total: 39_550 },
    });
    // The web prices with the same function: both answers agree.
    const bands = await listBands({ locationId });
    expect(api.quoteOf({ cremationType: 'private', weightGrams: 7250, bands, addOns: [paw, urn], services: [pickup] })).toEqual(body);
  });

  it('puts a boundary weight in the upper band, and answers "call for a quote" above the last band or where no band covers', async () => {
    const locationId = await addLocation(ctx, home);
    await standardBands(locationId);
    const priced = async (weightGrams: number) => {
      const res = await quote({ locationId, cremationType: 'private', weightGrams });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as api.Quote;
    };
    for (const [grams, min] of [
      [1, 0],
      [4_999, 0],
      [5_000, 5_000],
      [9_999, 5_000],
      [10_000, 10_000],
      [45_000, 45_000],
      [69_999, 45_000],
    ] as const) {
      const q = await priced(grams);
      expect(q.callForQuote ? null : q.band.minGrams, `${grams} g`).toBe(min);
    }
    expect(await priced(70_000)).toEqual({ callForQuote: true, weightGrams: 70_000, message: api.QUOTE_MESSAGES.aboveLastBand });
    expect(await priced(250_000)).toMatchObject({ callForQuote: true, message: 'This weight is above our price bands: call for a quote' });
    // No bands of that type at all, or a gap a practice left between two bands.
    expect(await quote({ locationId, cremationType: 'communal', weightGrams: 3_000 }).then((r) => r.json())).toMatchObject({
      callForQuote: true,
      message: api.QUOTE_MESSAGES.noBand,
    });
    const gappy = await addLocation(ctx, home);
    await createBand({ locationId: gappy, minGrams: 0, maxGrams: 5 * KG });
    await createBand({ locationId: gappy, minGrams: 10 * KG, maxGrams: 20 * KG });
    expect(await quote({ locationId: gappy, cremationType: 'private', weightGrams: 7_000 }).then((r) => r.json())).toMatchObject({
      callForQuote: true,
      message: api.QUOTE_MESSAGES.noBand,
    });
  });

  it('answers 400 naming the field', async () => {
    const locationId = await addLocation(ctx, home);
    const elsewhere = await addLocation(ctx, home);
    const { addOn, service } = await catalogue(elsewhere);
    const there = await addOn('Paw print', 45);
    const retired = await catalogue(locationId).then((c) => c.addOn('Fur clipping', 15, false));
    const away = await service('Home pickup', 60);
    const cases: [Record<string, unknown>, string][] = [
      [{ weightGrams: 0 }, 'weightGrams: must be more than 0'],
      [{ weightGrams: 2.5 }, 'weightGrams: must be whole grams'],
      [{ weightGrams: 'heavy' }, 'weightGrams: must be a weight'],
      [{ cremationType: 'burial' }, 'cremationType: must be one of private, partitioned, communal'],
      [{ addOnIds: ['nope'] }, 'addOnIds.0: must be a valid id'],
      [{ addOnIds: [there.id] }, 'addOnIds: Paw print is not offered at this location'],
      [{ addOnIds: [retired.id] }, 'addOnIds: Fur clipping is no longer offered'],
      [{ serviceIds: [away.id] }, 'serviceIds: Home pickup is not offered at this location'],
    ];
    for (const [extra, message] of cases) {
      const res = await quote({ locationId, cremationType: 'private', weightGrams: 4000, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('answers 404 for another account’s location, add-ons and services', async () => {
    const locationId = await addLocation(ctx, home);
    await standardBands(locationId);
    const theirs = await catalogue(other.locationId, other);
    const theirAddOn = await theirs.addOn('Urn', 90);
    const theirService = await theirs.service('Home pickup', 60);
    for (const data of [
      { locationId: other.locationId },
      { addOnIds: [theirAddOn.id] },
      { serviceIds: [theirService.id] },
      { addOnIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await quote({ locationId, cremationType: 'private', weightGrams: 4000, ...data });
      expect(res.statusCode, JSON.stringify(data)).toBe(404);
    }
    // Their own user may not price with this account's location either.
    expect((await quote({ locationId, cremationType: 'private', weightGrams: 4000 }, other.admin)).statusCode).toBe(404);
  });

  it('is everyone’s to use; a session is needed', async () => {
    const locationId = await addLocation(ctx, home);
    await standardBands(locationId);
    const nobody = await createUser(ctx, home, []);
    expect((await quote({ locationId, cremationType: 'private', weightGrams: 4000 }, nobody)).statusCode).toBe(200);
  });
});
