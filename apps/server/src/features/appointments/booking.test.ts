import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { BOOKING_CONFIRMATION, BOOKING_FORM_EXPIRED, BOOKING_FORM_INVALID, BOOKING_FORM_TOO_SOON, BOOKING_FORM_USED, BOOKING_TOO_MANY } from '@willow/contracts';
import { anonymous, createAccount, createTestApp, errorOf, JWT_SECRET, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { at, newService } from '../../../test/scheduling-records.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { TokenSigner } from '../../platform/tokens.js';
import { clients } from '../clients/clients.table.js';
import { bookingFormUses, bookingRequestLog } from './appointments.table.js';
import { issueBookingToken } from './booking-token.js';

let ctx: TestContext;
let home: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx, 'premium', 'Willow Vets');
});
afterAll(() => ctx?.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const signer = new TokenSigner(JWT_SECRET);
/** The form token of the location's page as if read `ageMs` ago (a person takes a while to fill the form in). */
const formToken = (locationId: string, ageMs = 60_000) => issueBookingToken(signer, locationId, Date.now() - ageMs);

/** A request as the public page sends it: no session, from an address, with the page's form token unless `data` has one. */
function send(locationId: string, data: object, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: `/api/booking/${locationId}`, payload: { data: { formToken: formToken(locationId), ...data } }, remoteAddress: ip });
}

/** Rows of the request log for an address: what counts towards its limit. */
const loggedFrom = (ip: string) => ctx.database.db.$count(bookingRequestLog, eq(bookingRequestLog.ip, ip));

/** A location of its own with one active service. */
async function bookableLocation(species = ['Dog', 'Cat']) {
  const locationId = await addLocation(ctx, home, { species, name: `Branch ${randomUUID().slice(0, 6)}` });
  const service = await newService(home.admin, locationId, { type: 'Euthanasia', name: 'Home euthanasia', duration: 45 });
  return { locationId, service };
}

const requestData = (serviceId: string, extra: Record<string, unknown> = {}) => ({
  serviceId,
  preferredTimes: [at('10:00'), at('14:00', '2030-03-06')],
  patient: { name: 'Max', speciesId: home.speciesId, notes: 'Very frail' },
  owner: { firstName: 'Olive', lastName: 'Owner', email: `olive-${randomUUID()}@example.com`, phone: '555 0142', address: '12 Elm Street' },
  website: '',
  ...extra,
});

async function pendingAt(locationId: string): Promise<api.Appointment[]> {
  const res = await home.admin.call(api.listAppointments, { query: { locationId } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: api.Appointment[] }).items;
}

describe('GET /api/booking/{locationId}', () => {
  it('shows an active location’s active visit services with their currency, species and practice name without a session', async () => {
    const locationId = await addLocation(ctx, home, { species: ['Dog', 'Cat'], name: 'Riverside', timezone: 'America/Chicago' });
    // Done after the visit: arranged with the practice, never booked online.
    await newService(home.admin, locationId, { type: 'Aftercare', name: 'Ashes delivery', duration: 20, price: 40 });
    await newService(home.admin, locationId, { type: 'Cremation', name: 'Private cremation', duration: 15, price: 260 });
    const euthanasia = await newService(home.admin, locationId, { type: 'Euthanasia', name: 'Home euthanasia', duration: 45, price: 250 });
    const consult = await newService(home.admin, locationId, { type: 'Consultation', name: 'Quality of life', duration: 30, price: 80 });
    await newService(home.admin, locationId, { name: 'Retired', active: false });
    const res = await anonymous(ctx).call(api.getBookingPage, { params: { locationId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      locationId,
      locationName: 'Riverside',
      accountName: 'Willow Vets',
      timezone: 'America/Chicago',
      address: null,
      phone: null,
      services: [consult, euthanasia].map((s) => ({ id: s.id, type: s.type, name: s.name, duration: s.duration, price: s.price })),
      currency: 'USD',
      species: [
        { id: home.catSpeciesId, name: 'Cat' },
        { id: home.speciesId, name: 'Dog' },
      ],
      formToken: expect.stringMatching(/^[0-9a-z]+\.[\w-]{22}\.[\w-]+$/),
    });
  });

  it('answers 404 for an inactive or unknown location', async () => {
    const { locationId } = await bookableLocation();
    expect((await home.admin.call(api.updateLocation, { params: { id: locationId }, body: { data: { isActive: false } } })).statusCode).toBe(200);
    for (const id of [locationId, randomUUID()]) {
      const res = await anonymous(ctx).call(api.getBookingPage, { params: { locationId: id } });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Not found');
    }
    expect((await anonymous(ctx).call(api.getBookingPage, { params: { locationId: 'nope' } })).statusCode).toBe(400);
  });
});

describe('POST /api/booking/{locationId}', () => {
  it('creates a Pending online appointment with a new client and patient', async () => {
    const { locationId, service } = await bookableLocation();
    const data = requestData(service.id);
    const res = await send(locationId, data);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: BOOKING_CONFIRMATION });

    const [appointment, ...more] = await pendingAt(locationId);
    expect(more).toEqual([]);
    expect(appointment).toMatchObject({
      status: 'Pending',
      source: 'online',
      startAt: at('10:00'),
      endAt: at('10:45'),
      requestedTimes: [at('10:00'), at('14:00', '2030-03-06')],
      serviceIds: [service.id],
      primaryProviderId: null,
      secondaryProviderId: null,
      address: '12 Elm Street',
      notes: 'Very frail',
      client: { firstName: 'Olive', lastName: 'Owner', email: data.owner.email, phone: '555 0142' },
      patients: [{ name: 'Max', speciesName: 'Dog' }],
    });
    const client = (await home.admin.call(api.getClient, { params: { id: appointment!.clientId } })).json() as api.Client;
    expect(client).toMatchObject({ locationId, address: '12 Elm Street' });
    const detail = (await home.admin.call(api.getAppointment, { params: { id: appointment!.id } })).json() as api.AppointmentDetail;
    expect(detail.statusHistory).toEqual([
      { id: expect.any(String), fromStatus: null, toStatus: 'Pending', note: 'Online booking request', correction: false, changedAt: expect.any(String), changedBy: null },
    ]);
    expect((await home.admin.call(api.countPendingAppointments, { query: { locationId } })).json()).toEqual({ count: 1 });
  });

  it('tells the request as a booking (appointment.created), online and by no one, in its transaction', async () => {
    const told: DomainEvents['appointment.created'][] = [];
    ctx.app.container.events.on('appointment.created', 'test', async (_tx, caller, e) => {
      expect(caller).toEqual({ accountId: home.accountId, userId: null });
      told.push(e);
    });
    const { locationId, service } = await bookableLocation();
    expect((await send(locationId, requestData(service.id))).statusCode).toBe(201);
    const [appointment] = await pendingAt(locationId);
    expect(told.filter((e) => e.locationId === locationId)).toEqual([
      {
        appointmentId: appointment!.id,
        locationId,
        clientId: appointment!.clientId,
        patientIds: appointment!.patientIds,
        serviceIds: [service.id],
        startAt: new Date(at('10:00')),
        status: 'Pending',
        source: 'online',
        createdById: null,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('matches an existing client by email whatever the case, and their patient by name', async () => {
    const { locationId, service } = await bookableLocation();
    const owner = await newClient(home.admin, locationId, { firstName: 'Olive', lastName: 'Owner' });
    // Emails typed in the app are stored lower-cased; older or imported records may not be.
    await ctx.database.db.update(clients).set({ email: 'Olive.Owner@Example.com' }).where(eq(clients.id, owner.id));
    const max = await newPatient(home.admin, owner.id, home.speciesId, { name: 'Max' });
    const data = requestData(service.id, {
      owner: { firstName: 'Ollie', lastName: 'O', email: 'Olive.Owner@Example.COM', phone: '555 9999', address: null },
      patient: { name: 'max', speciesId: home.speciesId, notes: null },
    });
    expect((await send(locationId, data)).statusCode).toBe(201);
    const second = requestData(service.id, {
      owner: { ...data.owner },
      patient: { name: 'Bella', speciesId: home.catSpeciesId, notes: null },
    });
    expect((await send(locationId, second)).statusCode).toBe(201);

    const booked = await pendingAt(locationId);
    expect(booked).toHaveLength(2);
    expect(booked.every((a) => a.clientId === owner.id)).toBe(true);
    // The client's own details stay as the practice has them.
    expect(booked[0]!.client).toMatchObject({ firstName: 'Olive', email: 'Olive.Owner@Example.com', phone: null });
    const patients = booked.flatMap((a) => a.patients);
    expect(patients.find((p) => p.name === 'Max')?.id).toBe(max.id);
    expect(patients.find((p) => p.name === 'Bella')).toMatchObject({ speciesName: 'Cat' });
    const household = (await home.admin.call(api.listPatients, { query: { clientId: owner.id } })).json() as { items: api.Patient[] };
    expect(household.items.map((p) => p.name).sort()).toEqual(['Bella', 'Max']);
  });

  it('answers a filled-in hidden field with the same success, creating nothing', async () => {
    const { locationId, service } = await bookableLocation();
    const ip = freshIp();
    const res = await send(locationId, requestData(service.id, { website: 'http://spam.example' }), ip);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: BOOKING_CONFIRMATION });
    expect(await pendingAt(locationId)).toEqual([]);
    // Nor does it count towards the address's limit.
    expect(await loggedFrom(ip)).toBe(0);
    expect((await send(locationId, requestData(service.id), ip)).statusCode).toBe(201);
  });

  it('refuses a request without the page’s form token, or with one sent at once, too old or altered, writing nothing', async () => {
    const { locationId, service } = await bookableLocation();
    const elsewhere = await bookableLocation();
    const page = await anonymous(ctx).call(api.getBookingPage, { params: { locationId } });
    const justRead = (page.json() as api.BookingPage).formToken;
    const good = formToken(locationId);
    const [issued, id, mac] = good.split('.') as [string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const ip = freshIp();
    const cases: [string | undefined, string][] = [
      [undefined, 'formToken: is required'],
      // Read from the page and sent straight back: nobody fills the form in that fast.
      [justRead, BOOKING_FORM_TOO_SOON],
      [formToken(locationId, 5 * 3_600_000), BOOKING_FORM_EXPIRED],
      [formToken(elsewhere.locationId), BOOKING_FORM_INVALID],
      [`${issued}.${id}.${flip(mac[0]!)}${mac.slice(1)}`, BOOKING_FORM_INVALID],
      // An earlier issue time or another id with the same signature: the signature covers both.
      [`${(parseInt(issued, 36) - 3_600_000).toString(36)}.${id}.${mac}`, BOOKING_FORM_INVALID],
      [`${issued}.${flip(id[0]!)}${id.slice(1)}.${mac}`, BOOKING_FORM_INVALID],
      // The format before tokens had an id of their own.
      [`${issued}.${mac}`, BOOKING_FORM_INVALID],
      [issueBookingToken(new TokenSigner('another-secret-that-is-long-enough-for-hs256'), locationId, Date.now() - 60_000), BOOKING_FORM_INVALID],
      ['not-a-token', BOOKING_FORM_INVALID],
    ];
    for (const [token, message] of cases) {
      const res = await send(locationId, { ...requestData(service.id), formToken: token }, ip);
      expect(res.statusCode, String(token)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(BOOKING_FORM_TOO_SOON).toBe('The form was sent too quickly. Please check your details and send it again.');
    expect(BOOKING_FORM_EXPIRED).toBe('This form has expired. Please reload the page and try again.');
    expect(BOOKING_FORM_INVALID).toBe('This form could not be verified. Please reload the page and try again.');
    expect(await pendingAt(locationId)).toEqual([]);
    expect(await loggedFrom(ip)).toBe(0);
    // Three seconds after the page was read is soon enough.
    expect((await send(locationId, { ...requestData(service.id), formToken: formToken(locationId, 3_000) }, ip)).statusCode).toBe(201);
    expect((await send(locationId, { ...requestData(service.id), formToken: good }, ip)).statusCode).toBe(201);
    expect(await pendingAt(locationId)).toHaveLength(2);
  });

  it('takes one request per form token: a second one with it answers 409 and creates nothing', async () => {
    const { locationId, service } = await bookableLocation();
    const token = formToken(locationId);
    expect((await send(locationId, { ...requestData(service.id), formToken: token })).statusCode).toBe(201);
    for (const data of [requestData(service.id), requestData(service.id, { patient: { name: 'Other', speciesId: home.speciesId, notes: null } })]) {
      const replay = await send(locationId, { ...data, formToken: token });
      expect(replay.statusCode).toBe(409);
      expect(errorOf(replay)).toBe(BOOKING_FORM_USED);
    }
    expect(BOOKING_FORM_USED).toBe('This form has already been sent. Please reload the page to send another request.');
    expect(await pendingAt(locationId)).toHaveLength(1);
    // Each read of the page hands out a token of its own, even in the same millisecond.
    const now = Date.now() - 60_000;
    expect(issueBookingToken(signer, locationId, now)).not.toBe(issueBookingToken(signer, locationId, now));
  });

  it('keeps the token of a refused request good for the corrected one', async () => {
    const { locationId, service } = await bookableLocation();
    const token = formToken(locationId);
    const refused = await send(locationId, { ...requestData(service.id, { preferredTimes: ['2020-01-01T10:00:00Z'] }), formToken: token });
    expect(refused.statusCode).toBe(400);
    expect((await send(locationId, { ...requestData(service.id), formToken: token })).statusCode).toBe(201);
    expect((await send(locationId, { ...requestData(service.id), formToken: token })).statusCode).toBe(409);
    expect(await pendingAt(locationId)).toHaveLength(1);
  });

  it('lets exactly one of several requests sent at once with one token through', async () => {
    const { locationId, service } = await bookableLocation();
    const token = formToken(locationId);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(locationId, { ...requestData(service.id), formToken: token })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await pendingAt(locationId)).toHaveLength(1);
  });

  it('forgets used tokens in housekeeping once they have expired anyway', async () => {
    const { locationId, service } = await bookableLocation();
    const [old, recent] = [formToken(locationId, 3 * 3_600_000), formToken(locationId)];
    for (const token of [old, recent]) expect((await send(locationId, { ...requestData(service.id), formToken: token })).statusCode).toBe(201);
    const used = () => ctx.database.db.$count(bookingFormUses, eq(bookingFormUses.accountId, home.accountId));
    const before = await used();
    // Two hours on, the older token is past its four hours: refused as expired, its row no longer needed.
    await ctx.app.container.housekeeping(new Date(Date.now() + 2 * 3_600_000));
    expect(await used()).toBe(before - 1);
    expect((await send(locationId, { ...requestData(service.id), formToken: recent })).statusCode).toBe(409);
  });

  it('never matches a patient who has died: the request gets a new patient', async () => {
    const { locationId, service } = await bookableLocation();
    const owner = await newClient(home.admin, locationId, { firstName: 'Olive', lastName: 'Owner', email: `olive-${randomUUID()}@example.com` });
    const max = await newPatient(home.admin, owner.id, home.speciesId, { name: 'Max' });
    const died = await home.admin.call(api.setPatientDeceased, { params: { id: max.id }, body: { data: { deceasedOn: '2026-01-10' } } });
    expect(died.statusCode, died.body).toBe(200);
    const data = requestData(service.id, {
      owner: { firstName: 'Olive', lastName: 'Owner', email: owner.email, phone: '555 0142', address: null },
      patient: { name: 'Max', speciesId: home.speciesId, notes: null },
    });
    expect((await send(locationId, data)).statusCode).toBe(201);
    const [booked] = await pendingAt(locationId);
    expect(booked!.clientId).toBe(owner.id);
    expect(booked!.patientIds).toHaveLength(1);
    expect(booked!.patientIds[0]).not.toBe(max.id);
    expect(booked!.patients).toEqual([expect.objectContaining({ name: 'Max', deceasedOn: null })]);
  });

  it('allows 5 requests an hour from one address, then answers 429', async () => {
    const { locationId, service } = await bookableLocation();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await send(locationId, requestData(service.id), ip)).statusCode).toBe(201);
    const sixth = await send(locationId, requestData(service.id), ip);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toBe(BOOKING_TOO_MANY);
    expect(errorOf(sixth)).toBe('Too many booking requests. Please try again later.');
    expect(await pendingAt(locationId)).toHaveLength(5);
    // The address is limited at every location; other addresses are not.
    const elsewhere = await bookableLocation();
    expect((await send(elsewhere.locationId, requestData(elsewhere.service.id), ip)).statusCode).toBe(429);
    expect((await send(locationId, requestData(service.id), freshIp())).statusCode).toBe(201);
  });

  it('allows 100 requests an hour to one location', async () => {
    const { locationId, service } = await bookableLocation();
    await ctx.database.db
      .insert(bookingRequestLog)
      .values(Array.from({ length: 100 }, (_, i) => ({ accountId: home.accountId, locationId, ip: `192.0.2.${i}` })));
    const res = await send(locationId, requestData(service.id));
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toBe(BOOKING_TOO_MANY);
    // Requests older than an hour no longer count.
    await ctx.database.db.update(bookingRequestLog).set({ createdAt: new Date(Date.now() - 2 * 3_600_000) });
    expect((await send(locationId, requestData(service.id))).statusCode).toBe(201);
  });

  it('answers 400 for a service or species the location does not offer, or a past time', async () => {
    const { locationId, service } = await bookableLocation(['Dog']);
    const other = await bookableLocation();
    const retired = await newService(home.admin, locationId, { name: 'Retired', active: false });
    const cremation = await newService(home.admin, locationId, { type: 'Cremation', name: 'Private cremation', duration: 15 });
    const theirs = await createAccount(ctx);
    const theirService = await newService(theirs.admin, theirs.locationId);
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceId: other.service.id }, 'serviceId: unknown service'],
      [{ serviceId: retired.id }, 'serviceId: unknown service'],
      [{ serviceId: theirService.id }, 'serviceId: unknown service'],
      [{ serviceId: cremation.id }, 'serviceId: this service cannot be booked online'],
      [{ patient: { name: 'Tom', speciesId: home.catSpeciesId } }, "patient.speciesId: this species is not on the location's species list"],
      [{ preferredTimes: ['2020-01-01T10:00:00Z'] }, 'preferredTimes: must be in the future'],
      [{ preferredTimes: [] }, 'preferredTimes: choose at least one time'],
      [{ owner: { firstName: 'A', lastName: 'B', email: 'not-an-email', phone: '555 0142' } }, 'owner.email: must be a valid email address'],
      [{ patient: { name: 'Tom & Jerry', speciesId: home.speciesId } }, 'The & character is not allowed in name fields. Please replace it with "and" instead.'],
    ];
    for (const [extra, message] of cases) {
      const res = await send(locationId, requestData(service.id, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await pendingAt(locationId)).toEqual([]);
  });

  it('answers 404 for an inactive or unknown location', async () => {
    const { locationId, service } = await bookableLocation();
    await home.admin.call(api.updateLocation, { params: { id: locationId }, body: { data: { isActive: false } } });
    expect((await send(locationId, requestData(service.id))).statusCode).toBe(404);
    expect((await send(randomUUID(), requestData(service.id))).statusCode).toBe(404);
    expect(await pendingAt(locationId)).toEqual([]);
  });
});
