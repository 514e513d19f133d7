// POST /api/smsTemplate/{id}/render: an SMS template filled from the records in view, to start a
// text from (SMS chat's composer), like the email's (decision 0194).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { call, createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx, 'premium', 'Willow Home Vet'), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { firstName: 'Sam', role: 'Front Desk' });
});
afterAll(() => ctx?.close());

async function smsTemplate(t: TestAccount, body: string): Promise<string> {
  const res = await t.admin.call(api.smsTemplateOps.create, { body: { smsTemplateData: { locationId: t.locationId, name: `T ${crypto.randomUUID()}`, type: 'general', body } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const render = (id: string, data: api.RenderSmsTemplateInput, caller: Client = desk) => caller.call(api.renderSmsTemplate, { params: { id }, body: { data } });

describe('rendering an SMS template for the client in view', () => {
  it('fills the client, patient and staff as plain text, and no samples', async () => {
    const client = await newClient(home.admin, home.locationId, { firstName: '<b>Bo</b>', lastName: 'Reed' });
    const patient = await newPatient(home.admin, client.id, home.speciesId, { name: 'Rex' });
    const id = await smsTemplate(home, 'Hi {{ client.firstName }}, {{ patient.name }} is ready. {{ appointment.date }}— {{ staff.firstName }}');
    const res = await render(id, { clientId: client.id, patientId: patient.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ body: 'Hi <b>Bo</b>, Rex is ready. — Sam' });
  });

  it('fills the location the text goes out from, not the client’s own (another account’s: 404)', async () => {
    const client = await newClient(home.admin, home.locationId, { firstName: 'Ada' });
    const branch = await addLocation(ctx, home, { name: 'Willow Riverside' });
    const id = await smsTemplate(home, 'Hi {{ client.firstName }}, from {{ location.name }}');
    const res = await render(id, { clientId: client.id, locationId: branch });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ body: 'Hi Ada, from Willow Riverside' });
    expect((await render(id, { clientId: client.id, locationId: other.locationId })).statusCode).toBe(404);
  });

  it('answers 400 naming the field, 404 for another account’s template, client or patient, and 401 signed out', async () => {
    const mine = await newClient(home.admin, home.locationId, {});
    const theirs = await newClient(other.admin, other.locationId, {});
    const theirPet = await newPatient(other.admin, theirs.id, other.speciesId, { name: 'Tom' });
    const myTemplate = await smsTemplate(home, 'Hello {{ client.firstName }}');
    const theirTemplate = await smsTemplate(other, 'Hello');
    const missing = await render(myTemplate, {} as api.RenderSmsTemplateInput);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/^clientId/);
    expect((await render(theirTemplate, { clientId: mine.id })).statusCode).toBe(404);
    expect((await render(myTemplate, { clientId: theirs.id })).statusCode).toBe(404);
    expect((await render(myTemplate, { clientId: mine.id, patientId: theirPet.id })).statusCode).toBe(404);
    expect((await call(ctx, api.renderSmsTemplate, { params: { id: myTemplate }, body: { data: { clientId: mine.id } } })).statusCode).toBe(401);
  });
});
