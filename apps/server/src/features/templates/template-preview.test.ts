import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { newAddOn, newService } from '../../../test/scheduling-records.js';
import type { MergeContextService } from './merge-context.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client & { userId: string };
let merge: MergeContextService;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx, 'premium', 'Willow Home Vet'), createAccount(ctx)]);
  staff = await createUser(ctx, home, [], { firstName: 'Sam' });
  merge = ctx.app.container.mergeContext;
});
afterAll(() => ctx?.close());

const preview = (body: api.TemplatePreviewInput, caller: Client = staff) => caller.call(api.previewTemplate, { body: { data: body } });

/** A household at a location in Los Angeles with a booked, cremated appointment. */
async function household() {
  const locationId = await addLocation(ctx, home, { timezone: 'America/Los_Angeles', name: `Coast ${Date.now()}` });
  const vet = await createUser(ctx, home, ['appointments.primary_provider'], { firstName: 'Vera' });
  const euthanasia = await newService(home.admin, locationId, { name: 'Home euthanasia' });
  const cremation = await newService(home.admin, locationId, { type: 'Cremation', name: 'Private cremation' });
  const addOn = await newAddOn(home.admin, locationId, { name: 'Paw print' });
  const client = await newClient(home.admin, locationId, { firstName: 'Maria', lastName: 'Alvarez', email: 'maria@example.com', phone: '+1 555 0100', address: '12 Elm Street' });
  const patient = await newPatient(home.admin, client.id, home.speciesId, { name: 'Biscuit', breed: 'Labrador', sex: 'female', dateOfBirth: '2012-04-03', weightKg: 28 });
  const booked = await home.admin.call(api.createAppointment, {
    body: {
      data: {
        locationId,
        clientId: client.id,
        patientIds: [patient.id],
        serviceIds: [euthanasia.id, cremation.id],
        primaryProviderId: vet.userId,
        address: '12 Elm Street, Springfield',
        // 22:30 UTC is 2:30 PM in Los Angeles, and already the next day in UTC
        startAt: '2030-03-05T22:30:00.000Z',
        endAt: '2030-03-05T23:00:00.000Z',
      },
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const appointmentId = booked.json().id as string;
  const attached = await home.admin.call(api.createAppointmentAddOn, { body: { data: { appointmentId, addOnId: addOn.id } } });
  expect(attached.statusCode, attached.body).toBe(201);
  return { locationId, client, patient, appointmentId, vet };
}

describe('the merge context', () => {
  it('fills every group from the records, dates in the location’s time zone', async () => {
    const h = await household();
    const now = new Date('2026-11-25T03:00:00Z'); // still 24 November in Los Angeles
    const data = await merge.build({ accountId: home.accountId }, 'email', {
      appointmentId: h.appointmentId,
      staffUserId: staff.userId,
      links: { form: 'https://portal.example/form/abc' },
      now,
    });
    expect(data).toEqual({
      client: { firstName: 'Maria', lastName: 'Alvarez', fullName: 'Maria Alvarez', email: 'maria@example.com', phone: '+1 555 0100', address: '12 Elm Street' },
      patient: { name: 'Biscuit', species: 'Dog', breed: 'Labrador', sex: 'Female', dateOfBirth: '2012-04-03', dateOfDeath: '', weight: '28 kg' },
      appointment: {
        date: 'Tuesday, 5 March 2030',
        time: '2:30 PM',
        status: 'Confirmed',
        service: 'Home euthanasia, Private cremation',
        provider: 'Vera User',
        address: '12 Elm Street, Springfield',
        addOns: 'Paw print',
      },
      location: { name: expect.stringMatching(/^Coast /), address: '', phone: '', timezone: 'America/Los_Angeles' },
      practice: { name: 'Willow Home Vet' },
      staff: { firstName: 'Sam', lastName: 'User', fullName: 'Sam User' },
      aftercare: { cremationType: 'Private cremation', ashesReturned: '', status: '' },
      link: { form: 'https://portal.example/form/abc', payment: '' },
      today: { date: '24 November 2026' },
    });
    // a kind gets only its groups
    expect(Object.keys(await merge.build({ accountId: home.accountId }, 'pdf', { locationId: h.locationId })).sort()).toEqual(['location', 'practice', 'today']);
  });

  it('reads the aftercare the family chose on the appointment before what its service and status say (decision 0185)', async () => {
    const h = await household();
    const scope = { accountId: home.accountId };
    const res = await home.admin.call(api.updateAppointment, { params: { id: h.appointmentId }, body: { data: { cremationType: 'communal', ashesDisposition: 'spread' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await merge.build(scope, 'email', { appointmentId: h.appointmentId })).aftercare).toEqual({ cremationType: 'Communal cremation', ashesReturned: 'No', status: '' });
    await home.admin.call(api.updateAppointment, { params: { id: h.appointmentId }, body: { data: { ashesDisposition: 'returned' } } });
    expect((await merge.build(scope, 'email', { appointmentId: h.appointmentId })).aftercare!.ashesReturned).toBe('Yes');
    const bad = await home.admin.call(api.updateAppointment, { params: { id: h.appointmentId }, body: { data: { cremationType: 'burial' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^cremationType: must be one of private, partitioned, communal/);
  });

  it('answers 404 for another account’s records and 400 for a patient of another client', async () => {
    const h = await household();
    const scope = { accountId: other.accountId };
    for (const records of [{ clientId: h.client.id }, { patientId: h.patient.id }, { appointmentId: h.appointmentId }, { locationId: h.locationId }]) {
      await expect(merge.build(scope, 'email', records), JSON.stringify(records)).rejects.toMatchObject({ status: 404 });
    }
    await expect(merge.build({ accountId: home.accountId }, 'email', { locationId: h.locationId, staffUserId: (await createUser(ctx, other)).userId })).rejects.toMatchObject({
      status: 404,
    });
    const stranger = await newClient(home.admin, h.locationId, { firstName: 'Other' });
    await expect(merge.build({ accountId: home.accountId }, 'email', { clientId: stranger.id, patientId: h.patient.id })).rejects.toMatchObject({
      status: 400,
      message: 'patientId: is not a patient of this client',
    });
  });
});

describe('POST /api/template/preview', () => {
  it('renders the parts with sample data, Markdown parts also as HTML', async () => {
    const res = await preview({
      kind: 'email',
      parts: { subject: 'About {{ patient.name }}', body: '**Dear {{ client.firstName }}**\n\n<b>raw</b>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      parts: {
        subject: 'About Biscuit',
        body: '**Dear Maria**\n\n<b>raw</b>',
        bodyHtml: '<p><strong>Dear Maria</strong></p>\n<p>&lt;b&gt;raw&lt;/b&gt;</p>\n',
      },
      problems: [],
      smsSegments: null,
    });
    const pdf = await preview({ kind: 'pdf', parts: { header: '# {{ location.name }}', footer: '{{ location.phone }}' } });
    expect(pdf.json().parts).toEqual({
      header: '# Willow Home Vet — Springfield',
      headerHtml: '<h1>Willow Home Vet — Springfield</h1>\n',
      footer: '+1 555 0199',
      footerHtml: '<p>+1 555 0199</p>\n',
    });
  });

  it('renders with a record’s data, the signed-in user as the staff member', async () => {
    const h = await household();
    const res = await preview({
      kind: 'note',
      parts: { body: '{{ patient.name }} ({{ patient.species }}) seen {{ appointment.date }} by {{ staff.firstName }}' },
      appointmentId: h.appointmentId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.body).toBe('Biscuit (Dog) seen Tuesday, 5 March 2030 by Sam');
    // a group the records do not fill is empty, not a sample
    const clientOnly = await preview({ kind: 'email', parts: { subject: '{{ client.firstName }}/{{ patient.name }}/', body: '' }, clientId: h.client.id });
    expect(clientOnly.json().parts.subject).toBe('Maria//');
    const theirs = await preview({ kind: 'email', parts: { body: 'x' }, clientId: h.client.id }, other.admin);
    expect(theirs.statusCode).toBe(404);
  });

  it('answers problems by part and line instead of failing', async () => {
    const res = await preview({
      kind: 'email',
      parts: { subject: 'Hi {{ client.nickname }}', body: 'one\n{% if client.firstName %}\nthree', extra: '{% render "x" %}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      parts: { subject: 'Hi ', body: '', bodyHtml: '', extra: '' },
      problems: [
        { part: 'subject', line: 1, message: 'unknown merge field client.nickname' },
        { part: 'body', line: 2, message: 'tag {% if client.firstName %} not closed' },
        { part: 'extra', line: 1, message: 'the render tag is not allowed' },
      ],
      smsSegments: null,
    });
  });

  it('shows a record’s values as text: a client named like a link or a tag stays text in the HTML', async () => {
    const locationId = await addLocation(ctx, home);
    const client = await newClient(home.admin, locationId, { firstName: '[Pay now](https://evil.example/pay)', lastName: '<b>Bold</b>' });
    const res = await preview({ kind: 'email', parts: { body: 'Dear {{ client.firstName }} {{ client.lastName }}' }, clientId: client.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts).toEqual({
      body: 'Dear [Pay now](https://evil.example/pay) <b>Bold</b>',
      bodyHtml: '<p>Dear [Pay now](https://evil.example/pay) &lt;b&gt;Bold&lt;/b&gt;</p>\n',
    });
  });

  it('refuses a template over the render limits with 422, while the server keeps answering others', async () => {
    const nested = `{% assign xs = "${'a'.repeat(2_000)}" | split: "" %}\n{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}`;
    let settled = 0;
    const abusive = Array.from({ length: 4 }, () =>
      preview({ kind: 'email', parts: { subject: 'Hi', body: nested } }).finally(() => {
        settled += 1;
      }),
    );
    // health is asked again and again until the four previews are done: it answers in between
    // (each round lets the event loop take its turn, as requests arriving on sockets would)
    let answeredMeanwhile = 0;
    while (settled < abusive.length) {
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (settled < abusive.length) answeredMeanwhile += 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(answeredMeanwhile).toBeGreaterThan(0);
    for (const res of await Promise.all(abusive)) {
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toBe('parts.body: line 2: the template repeats too much');
    }
  });

  it('counts the segments of an SMS', async () => {
    const short = await preview({ kind: 'sms', parts: { body: 'Hi {{ client.firstName }}, see you at {{ appointment.time }}' } });
    expect(short.json()).toMatchObject({ parts: { body: 'Hi Maria, see you at 2:30 PM' }, smsSegments: 1 });
    const long = await preview({ kind: 'sms', parts: { body: `${'x'.repeat(150)} {{ client.fullName }}` } });
    expect(long.json().smsSegments).toBe(2);
    const unicode = await preview({ kind: 'sms', parts: { body: 'Thinking of you 💐' } });
    expect(unicode.json().smsSegments).toBe(1);
  });

  it('refuses a part that is too long and anyone signed out', async () => {
    const res = await preview({ kind: 'note', parts: { body: 'x'.repeat(api.TEMPLATE_BODY_MAX + 1) } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`parts.body: must be at most ${api.TEMPLATE_BODY_MAX} characters`);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/template/preview', payload: { data: { kind: 'note', parts: { body: 'x' } } } });
    expect(anonymous.statusCode).toBe(401);
  });
});
