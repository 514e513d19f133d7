// POST /api/emailTemplate/{id}/render: an email template filled from the records in view, to start
// an email from (decision 0194), and the patient's date of death as a merge field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { call, createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newPatient } from '../../../test/records.js';
import { newService } from '../../../test/scheduling-records.js';
import { billingWorld, finalised, newInvoice } from '../invoices/invoices.fixtures.js';

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

async function emailTemplate(t: TestAccount, subject: string, body: string): Promise<string> {
  const res = await t.admin.call(api.emailTemplateOps.create, { body: { emailTemplateData: { locationId: t.locationId, name: `T ${Date.now()}`, subject, body } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const render = (id: string, data: api.RenderEmailTemplateInput, caller: Client = desk) => caller.call(api.renderEmailTemplate, { params: { id }, body: { data } });

describe('rendering an email template for the records in view', () => {
  it('fills the client, patient, appointment, invoice and staff, the death’s date, and no samples', async () => {
    const w = await billingWorld(home);
    const died = await home.admin.call(api.setPatientDeceased, { params: { id: w.patient.id }, body: { data: { deceasedOn: '2026-11-20' } } });
    expect(died.statusCode, died.body).toBe(200);
    const service = await newService(home.admin, home.locationId, { name: 'Home euthanasia' });
    const booked = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: w.client.id, patientIds: [w.patient.id], serviceIds: [service.id], startAt: '2026-11-20T15:00:00.000Z', endAt: '2026-11-20T16:00:00.000Z' } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const invoice = await finalised(home.admin, await newInvoice(home.admin, home, w));
    const id = await emailTemplate(
      home,
      'About {{ patient.name }} — {{ invoice.number }}',
      'Dear {{ client.firstName }},\n{{ patient.name }} died on {{ patient.dateOfDeath }}; the visit was {{ appointment.date }}.\nInvoice {{ invoice.number }}: {{ invoice.total }}.\nPay: [{{ link.payment }}]\n{{ staff.firstName }}',
    );
    const res = await render(id, { clientId: w.client.id, appointmentId: booked.json().id, invoiceId: invoice.id });
    expect(res.statusCode, res.body).toBe(200);
    const label = api.invoiceNumberLabel('invoice', invoice.number);
    expect(res.json()).toEqual({
      subject: `About ${w.patient.name} — ${label}`,
      body: `Dear ${w.client.firstName},\n${w.patient.name} died on 20 November 2026; the visit was Friday, 20 November 2026.\nInvoice ${label}: ${api.formatCents(invoice.total, 'USD', 'en-US')}.\nPay: []\nSam`,
    });
  });

  it('keeps merged values as written: plain text, never markup', async () => {
    const client = await newClient(home.admin, home.locationId, { firstName: '<b>Bo</b>', lastName: '*Star*' });
    const id = await emailTemplate(home, 'Hi {{ client.fullName }}', 'Dear **{{ client.fullName }}**');
    const res = await render(id, { clientId: client.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subject: 'Hi <b>Bo</b> *Star*', body: 'Dear **<b>Bo</b> *Star***' });
  });

  it('refuses records that do not belong together (400) and a missing client (400)', async () => {
    const w = await billingWorld(home);
    const stranger = await newClient(home.admin, home.locationId, { firstName: 'Other' });
    const invoice = await newInvoice(home.admin, home, w);
    const id = await emailTemplate(home, 'Hi', 'Hello {{ client.firstName }}');
    const wrongInvoice = await render(id, { clientId: stranger.id, invoiceId: invoice.id });
    expect(wrongInvoice.statusCode).toBe(400);
    expect(errorOf(wrongInvoice)).toBe('invoiceId: is not an invoice of this client');
    const strangersPet = await newPatient(home.admin, stranger.id, home.speciesId, { name: 'Rex' });
    expect((await render(id, { clientId: w.client.id, patientId: strangersPet.id })).statusCode).toBe(400);
    const missing = await desk.call(api.renderEmailTemplate, { params: { id }, body: { data: {} } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/^clientId/);
  });

  it('answers 404 for another account’s template, client or invoice, and 401 signed out', async () => {
    const mine = await billingWorld(home);
    const theirs = await billingWorld(other);
    const myTemplate = await emailTemplate(home, 'Hi', 'Hello');
    const theirTemplate = await emailTemplate(other, 'Hi', 'Hello');
    const theirInvoice = await newInvoice(other.admin, other, theirs);
    expect((await render(theirTemplate, { clientId: mine.client.id })).statusCode).toBe(404);
    expect((await render(myTemplate, { clientId: theirs.client.id })).statusCode).toBe(404);
    expect((await render(myTemplate, { clientId: mine.client.id, invoiceId: theirInvoice.id })).statusCode).toBe(404);
    const signedOut = await call(ctx, api.renderEmailTemplate, { params: { id: myTemplate }, body: { data: { clientId: mine.client.id } } });
    expect(signedOut.statusCode).toBe(401);
  });
});
