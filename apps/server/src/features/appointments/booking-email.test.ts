import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as api from '@willow/contracts';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { createAccount, createTestApp, errorOf, JWT_SECRET, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { at, newService } from '../../../test/scheduling-records.js';
import { TokenSigner } from '../../platform/tokens.js';
import { signInTokens as signInTokensTable } from '../auth/auth.table.js';
import { signInTokens } from '../auth/sign-in-tokens.js';
import { outboxWorker } from '../communications/outbox-worker.js';
import { issueBookingToken } from './booking-token.js';

const APP_URL = 'http://portal.willow.test';

let ctx: TestContext;
let home: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp({ providers: { appUrl: APP_URL } });
  home = await createAccount(ctx, 'premium', 'Willow Vets');
});
afterAll(() => ctx?.close());

let ipCounter = 0;
const freshIp = () => `198.51.101.${++ipCounter}`;
const signer = new TokenSigner(JWT_SECRET);

/** A request from the public page of a new location, as an owner sends it: its appointment, the email queued and the link in it. */
async function request(locationName = `Branch ${randomUUID().slice(0, 6)}`) {
  const locationId = await addLocation(ctx, home, { name: locationName });
  const service = await newService(home.admin, locationId, { type: 'Euthanasia', name: 'Home euthanasia', duration: 45 });
  const email = `olive-${randomUUID()}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/booking/${locationId}`,
    remoteAddress: freshIp(),
    payload: {
      data: {
        formToken: issueBookingToken(signer, locationId, Date.now() - 60_000),
        serviceId: service.id,
        preferredTimes: [at('10:00')],
        patient: { name: 'Max', speciesId: home.speciesId, notes: '' },
        owner: { firstName: 'Olive', lastName: 'Owner', email, phone: '555 0142', address: '12 Elm Street' },
        website: '',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = await home.admin.call(api.listAppointments, { query: { locationId } });
  const [appointment] = (list.json() as { items: api.Appointment[] }).items;
  const messages = await home.admin.call(api.listMessages, { query: { clientId: appointment!.clientId } });
  expect(messages.statusCode, messages.body).toBe(200);
  const [message, ...more] = (messages.json() as { items: api.Message[] }).items;
  expect(more).toEqual([]);
  const link = new RegExp(`${APP_URL}/book/confirm\\?token=([A-Za-z0-9_-]{43})`).exec(message!.body);
  expect(link, message!.body).not.toBeNull();
  return { locationId, locationName, appointment: appointment!, message: message!, email, token: link![1]! };
}

const confirm = (token: string, ip = freshIp()) => ctx.app.inject({ method: 'POST', url: '/api/booking/confirmEmail', payload: { data: { token } }, remoteAddress: ip });

async function appointmentOf(id: string): Promise<api.AppointmentDetail> {
  const res = await home.admin.call(api.getAppointment, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AppointmentDetail;
}

describe('the email of a booking request', () => {
  it('is queued to the owner with the request, with a link that confirms their address', async () => {
    const { message, email, locationName, appointment } = await request('Riverside');
    expect(message).toMatchObject({ channel: 'email', to: email, subject: 'Your booking request at Riverside' });
    expect(message.body).toContain('Hello Olive,');
    expect(message.body).toContain(`Home euthanasia for Max at ${locationName}`);
    expect(message.body).toContain('works for 7 days');
    expect(message.state).toBe('queued');
    expect(appointment.emailConfirmedAt).toBeNull();
  });

  it('is kept as not sent by a location without email delivery, and the request stands', async () => {
    const { appointment, message } = await request();
    const worker = outboxWorker(ctx.app.container.outbox, { listen: ctx.database.listen, pollMs: 100, batch: 10 });
    await worker.start();
    try {
      await vi.waitFor(
        async () => {
          const res = await home.admin.call(api.listMessages, { query: { clientId: appointment.clientId } });
          const [now] = (res.json() as { items: api.Message[] }).items;
          expect(now).toMatchObject({ id: message.id, state: 'notSent' });
        },
        { interval: 100 },
      );
    } finally {
      await worker.stop();
    }
    expect((await appointmentOf(appointment.id)).status).toBe('Pending');
  });
});

describe('POST /api/booking/confirmEmail', () => {
  it('confirms the address: the appointment shows when', async () => {
    const { token, appointment, locationName } = await request('Hillside');
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.bookingEmailConfirmed, locationName: 'Hillside' });
    expect(locationName).toBe('Hillside');
    const detail = await appointmentOf(appointment.id);
    expect(detail.emailConfirmedAt).not.toBeNull();
    expect(Math.abs(Date.parse(detail.emailConfirmedAt!) - Date.now())).toBeLessThan(60_000);
    expect(detail.status).toBe('Pending');
  });

  it('takes a link once', async () => {
    const { token, appointment } = await request();
    expect((await confirm(token)).statusCode).toBe(200);
    const first = (await appointmentOf(appointment.id)).emailConfirmedAt;
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await appointmentOf(appointment.id)).emailConfirmedAt).toBe(first);
  });

  it('refuses a link of another flow, even one about the same appointment', async () => {
    const { appointment, email } = await request();
    const magic = await signInTokens.issueLink(ctx.database.db, 'magicLink', { email, accountId: home.accountId, subjectId: appointment.id });
    const res = await confirm(magic);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await appointmentOf(appointment.id)).emailConfirmedAt).toBeNull();
  });

  it('refuses an expired link', async () => {
    const { token, appointment } = await request();
    await ctx.database.db.update(signInTokensTable).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await appointmentOf(appointment.id)).emailConfirmedAt).toBeNull();
  });

  it('refuses a link that was never sent, and one that is not a link', async () => {
    const res = await confirm('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    const malformed = await confirm('not-a-link');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toBe('token: is not a valid link');
  });

  it('limits the links tried from one address', async () => {
    const ip = '203.0.113.91';
    for (let i = 0; i < 60; i++) expect((await confirm('B'.repeat(43), ip)).statusCode).toBe(400);
    const res = await confirm('B'.repeat(43), ip);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.tooManyCodes);
  });
});
