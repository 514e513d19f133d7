// Builders for the appointment tests: services and add-ons of a location, households, and
// instants given as wall-clock times where the location is.
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import { localDateTimeToInstant } from '@willow/contracts';
import type { Client, TestAccount } from './harness.js';
import { newClient, newPatient } from './records.js';

/** A day well in the future, with no daylight-saving change near it in New York. */
export const DAY = '2030-03-05';

/** The instant of 'HH:MM' on `day` in the zone (New York, like the test accounts' first location). */
export function at(hhmm: string, day = DAY, timeZone = 'America/New_York'): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return localDateTimeToInstant(day, h * 60 + m, timeZone).toISOString();
}

export async function newService(client: Client, locationId: string, data: Partial<api.ServiceInput> = {}): Promise<api.Service> {
  const res = await client.call(api.serviceOps.create, {
    body: { data: { locationId, type: 'Euthanasia', name: 'Home euthanasia', duration: 30, price: 120, ...data } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Service;
}

/** An add-on (in a new category) of a location. */
export async function newAddOn(client: Client, locationId: string, data: Partial<api.AddOnInput> = {}): Promise<api.AddOn> {
  const category = await client.call(api.addOnCategoryOps.create, { body: { data: { locationId, name: 'Memorials' } } });
  expect(category.statusCode, category.body).toBe(201);
  const res = await client.call(api.addOnOps.create, {
    body: { data: { categoryId: category.json().id, name: 'Paw print', price: 45, ...data } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.AddOn;
}

/** A client with patients (one per name) at a location. */
export async function newHousehold(
  client: Client,
  account: TestAccount,
  opts: { locationId?: string; lastName?: string; patients?: string[]; firstName?: string } = {},
) {
  const owner = await newClient(client, opts.locationId ?? account.locationId, { firstName: opts.firstName ?? 'Cora', lastName: opts.lastName ?? 'Smith' });
  const patients = [];
  for (const name of opts.patients ?? ['Max']) patients.push(await newPatient(client, owner.id, account.speciesId, { name }));
  return { client: owner, patients };
}
