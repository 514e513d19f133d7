// What a family chose on a consent form (add-ons, cremation type, the ashes) reaching the
// appointment: read from the submission, accepted once by staff, and so on the invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { anonymous, createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newPatient } from '../../../test/records.js';
import { createFormTemplate, goodAnswers, sendForm, submitForm } from './forms.fixtures.js';
import { choicesAsked } from './submission-choices.rules.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client & { userId: string };
let pawPrint: api.AddOn;
let urn: api.AddOn;
let template: api.FormTemplate;

async function addOn(t: TestAccount, name: string, price: number): Promise<api.AddOn> {
  const category = await t.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: t.locationId, name: `Keepsakes ${name}` } } });
  const res = await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: category.json().id, name, price } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.AddOn;
}

/** The demo's consent form: a paw print and an urn by checkbox, the cremation by choice, the ashes by checkbox. */
const mappedFields = (): api.FormTemplateInput['fields'] => [
  { key: 'fullName', type: 'text', label: 'Your full name', required: true },
  { key: 'pawPrint', type: 'checkbox', label: 'A clay paw print', mappings: [{ addOnId: pawPrint.id }] },
  { key: 'urn', type: 'checkbox', label: 'An urn', mappings: [{ addOnId: urn.id }] },
  {
    key: 'cremation',
    type: 'choice',
    label: 'Cremation',
    required: true,
    options: ['Private', 'Communal'],
    mappings: [
      { option: 'Private', cremationType: 'private' },
      { option: 'Communal', cremationType: 'communal', ashesDisposition: 'none' },
    ],
  },
  { key: 'ashesReturned', type: 'checkbox', label: 'Return the ashes', mappings: [{ ashesDisposition: 'returned' }] },
  { key: 'consent', type: 'consent', label: 'Consent', required: true, text: 'I consent.' },
  { key: 'signature', type: 'signature', label: 'Signature', required: true },
];

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk', firstName: 'Dana' });
  [pawPrint, urn] = await Promise.all([addOn(home, 'Clay paw print', 45.5), addOn(home, 'Cedar urn', 120)]);
  template = await createFormTemplate(home, { fields: mappedFields() });
});
afterAll(() => ctx?.close());

/** A family with an appointment, sent the form on a device, who submitted `answers`. */
async function submitted(answers: Record<string, unknown>, opts: { withAppointment?: boolean } = {}) {
  const client = await newClient(home.admin, home.locationId, { firstName: 'Maria', lastName: 'Alvarez' });
  const patient = await newPatient(home.admin, client.id, home.speciesId, { name: 'Biscuit' });
  let appointmentId: string | null = null;
  if (opts.withAppointment !== false) {
    const res = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, patientIds: [patient.id], startAt: '2031-03-04T15:00:00Z', endAt: '2031-03-04T16:00:00Z' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    appointmentId = res.json().id;
  }
  const request = await sendForm(home.admin, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, appointmentId, channel: 'device' });
  const sent = await submitForm(ctx, request.url, { answers: goodAnswers({ cremation: 'Private', ashesReturned: true, pawPrint: true, urn: true, ...answers }) });
  expect(sent.statusCode, sent.body).toBe(201);
  const listed = await home.admin.call(api.listFormRequests, { query: { clientId: client.id } });
  return { appointmentId, submissionId: listed.json()[0].submissionId as string };
}

const accept = (caller: Client, id: string) => caller.call(api.acceptSubmissionChoices, { params: { id } });
const appointmentOf = async (id: string) => (await desk.call(api.getAppointment, { params: { id } })).json() as api.AppointmentDetail;

describe('the mapping of answers to choices', () => {
  const fields = [
    { key: 'paw', type: 'checkbox', mappings: [{ option: null, addOnId: 'a1', cremationType: null, ashesDisposition: null }] },
    {
      key: 'cremation',
      type: 'choice',
      mappings: [
        { option: 'Private', addOnId: null, cremationType: 'private' as const, ashesDisposition: 'returned' as const },
        { option: 'Communal', addOnId: null, cremationType: 'communal' as const, ashesDisposition: 'none' as const },
      ],
    },
    { key: 'urn', type: 'checkbox', mappings: [{ option: null, addOnId: 'a2', cremationType: null, ashesDisposition: null }] },
    { key: 'again', type: 'checkbox', mappings: [{ option: null, addOnId: 'a1', cremationType: null, ashesDisposition: 'spread' as const }] },
    { key: 'plain', type: 'text' },
  ];

  it('asks for the ticked boxes and the picked option, each add-on once, the later aftercare winning', () => {
    expect(choicesAsked(fields, { paw: true, cremation: 'Private', urn: false, again: true, plain: 'x' })).toEqual({
      addOnIds: ['a1'],
      cremationType: 'private',
      ashesDisposition: 'spread',
    });
    expect(choicesAsked(fields, { paw: false, cremation: 'Communal', urn: true })).toEqual({ addOnIds: ['a2'], cremationType: 'communal', ashesDisposition: 'none' });
  });

  it('asks for nothing when nothing mapped was answered, or the fields were saved before mappings', () => {
    expect(choicesAsked(fields, {})).toEqual({ addOnIds: [], cremationType: null, ashesDisposition: null });
    expect(choicesAsked([{ key: 'paw', type: 'checkbox' }], { paw: true })).toEqual({ addOnIds: [], cremationType: null, ashesDisposition: null });
  });
});

describe('a form template mapping its answers', () => {
  it('keeps the mappings, with their defaults', async () => {
    expect(template.fields.find((f) => f.key === 'pawPrint')!.mappings).toEqual([{ option: null, addOnId: pawPrint.id, cremationType: null, ashesDisposition: null }]);
  });

  it('refuses a mapping on a text field, an unknown option, an empty mapping and an add-on of another location or account (400)', async () => {
    const theirs = await addOn(other, 'Their urn', 10);
    const cases: [api.FormTemplateInput['fields'], string][] = [
      [[{ key: 'a', type: 'text', label: 'A', mappings: [{ addOnId: urn.id }] }], 'fields.0.mappings: only a checkbox or a choice field asks for add-ons or aftercare'],
      [[{ key: 'a', type: 'choice', label: 'A', options: ['X'], mappings: [{ option: 'Y', cremationType: 'private' }] }], 'fields.0.mappings.0: option: must be one of the field’s choices'],
      [[{ key: 'a', type: 'checkbox', label: 'A', mappings: [{}] }], 'fields.0.mappings.0: must name an add-on, a cremation type or what becomes of the ashes'],
      [[{ key: 'a', type: 'checkbox', label: 'A', mappings: [{ addOnId: theirs.id }] }], 'fields.0.mappings.0.addOnId: this add-on is not offered at this location'],
    ];
    for (const [fields, message] of cases) {
      const res = await home.admin.call(api.formTemplateOps.create, { body: { formTemplateData: { locationId: home.locationId, name: 'Bad', fields } } });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toContain(message.split(': ').slice(-1)[0]);
    }
  });
});

describe('GET /api/formSubmission/{id}/choices and ?appointmentId', () => {
  it('says what the family chose, not yet accepted', async () => {
    const { submissionId, appointmentId } = await submitted({});
    const res = await desk.call(api.getSubmissionChoices, { params: { id: submissionId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      submissionId,
      appointmentId,
      addOns: [
        { addOnId: pawPrint.id, name: 'Clay paw print', price: 45.5 },
        { addOnId: urn.id, name: 'Cedar urn', price: 120 },
      ],
      cremationType: 'private',
      ashesDisposition: 'returned',
      labels: ['Clay paw print', 'Cedar urn', 'Private cremation', 'Ashes returned'],
      acceptedAt: null,
      acceptedBy: null,
    });
    const latest = await desk.call(api.getAppointmentChoices, { query: { appointmentId: appointmentId! } });
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().choices.submissionId).toBe(submissionId);
  });

  it('answers null for an appointment whose forms ask for nothing, 400 without an id, 404 for another account', async () => {
    const { appointmentId, submissionId } = await submitted({ pawPrint: false, urn: false, ashesReturned: false, cremation: 'Private' });
    // the cremation choice still asks for something: this one is not empty
    expect((await desk.call(api.getAppointmentChoices, { query: { appointmentId: appointmentId! } })).json().choices.labels).toEqual(['Private cremation']);
    const bare = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: (await desk.call(api.getAppointment, { params: { id: appointmentId! } })).json().clientId, startAt: '2031-05-04T15:00:00Z', endAt: '2031-05-04T16:00:00Z' } },
    });
    expect((await desk.call(api.getAppointmentChoices, { query: { appointmentId: bare.json().id } })).json()).toEqual({ choices: null });
    expect((await desk.call(api.getAppointmentChoices, { query: {} as never })).statusCode).toBe(400);
    expect((await other.admin.call(api.getAppointmentChoices, { query: { appointmentId: appointmentId! } })).statusCode).toBe(404);
    expect((await other.admin.call(api.getSubmissionChoices, { params: { id: submissionId } })).statusCode).toBe(404);
  });
});

describe('POST /api/formSubmission/{id}/acceptChoices', () => {
  it('adds the add-ons with their prices and sets the aftercare, once, saying who accepted', async () => {
    const { submissionId, appointmentId } = await submitted({});
    const res = await accept(desk, submissionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ acceptedBy: { id: desk.userId, name: 'Dana User' } });
    expect(res.json().acceptedAt).toEqual(expect.any(String));
    const appointment = await appointmentOf(appointmentId!);
    // added in one transaction, so in no particular order
    const byName = [...appointment.addOns].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((a) => [a.addOnId, a.name, a.price])).toEqual([
      [urn.id, 'Cedar urn', 120],
      [pawPrint.id, 'Clay paw print', 45.5],
    ]);
    expect(appointment).toMatchObject({ cremationType: 'private', ashesDisposition: 'returned' });

    // twice: refused, nothing added again
    const again = await accept(desk, submissionId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(api.FORM_MESSAGES.choicesAlreadyAccepted);
    expect((await appointmentOf(appointmentId!)).addOns).toHaveLength(2);
    const read = await desk.call(api.getSubmissionChoices, { params: { id: submissionId } });
    expect(read.json().acceptedBy).toEqual({ id: desk.userId, name: 'Dana User' });
  });

  it('so the invoice made from the appointment bills them', async () => {
    const { submissionId, appointmentId } = await submitted({ urn: false });
    expect((await accept(desk, submissionId)).statusCode).toBe(200);
    const res = await desk.call(api.invoiceFromAppointment, { body: { data: { appointmentId: appointmentId! } } });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as api.Invoice;
    expect(invoice.items.map((i) => [i.kind, i.description, i.unitPrice])).toEqual([['addOn', 'Clay paw print', 4_550]]);
  });

  it('refuses a submission without an appointment (409), an unknown or foreign id (404), a bad id (400), no session (401)', async () => {
    const { submissionId } = await submitted({}, { withAppointment: false });
    const res = await accept(desk, submissionId);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.FORM_MESSAGES.choicesNoAppointment);
    const mine = await submitted({});
    expect((await accept(other.admin, mine.submissionId)).statusCode).toBe(404);
    expect((await appointmentOf(mine.appointmentId!)).addOns).toEqual([]);
    expect((await accept(desk, 'not-an-id')).statusCode).toBe(400);
    expect((await accept(anonymous(ctx), mine.submissionId)).statusCode).toBe(401);
  });

  it('refuses a submission asking for nothing (409) and an add-on no longer offered (400, nothing added)', async () => {
    const nothing = await submitted({ pawPrint: false, urn: false, ashesReturned: false, cremation: 'Private' });
    // only the cremation: accepted, no add-on
    expect((await accept(desk, nothing.submissionId)).statusCode).toBe(200);
    expect(await appointmentOf(nothing.appointmentId!)).toMatchObject({ addOns: [], cremationType: 'private', ashesDisposition: null });

    const gone = await addOn(home, 'Glass keepsake', 30);
    const t2 = await createFormTemplate(home, { fields: [{ key: 'glass', type: 'checkbox', label: 'Glass', mappings: [{ addOnId: gone.id }] }] });
    const client = await newClient(home.admin, home.locationId, { firstName: 'Ola', lastName: 'Nordmann' });
    const appt = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, startAt: '2031-06-04T15:00:00Z', endAt: '2031-06-04T16:00:00Z' } },
    });
    const request = await sendForm(home.admin, { formTemplateId: t2.id, clientId: client.id, appointmentId: appt.json().id, channel: 'device' });
    const none = await submitForm(ctx, request.url, { answers: { glass: false } });
    expect(none.statusCode, none.body).toBe(201);
    const [submission] = (await home.admin.call(api.listFormRequests, { query: { clientId: client.id } })).json();
    const refused = await accept(desk, submission.submissionId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(api.FORM_MESSAGES.choicesNone);

    const r2 = await sendForm(home.admin, { formTemplateId: t2.id, clientId: client.id, appointmentId: appt.json().id, channel: 'device' });
    expect((await submitForm(ctx, r2.url, { answers: { glass: true } })).statusCode).toBe(201);
    await home.admin.call(api.addOnOps.update, { params: { id: gone.id }, body: { data: { active: false } } });
    const latest = (await desk.call(api.getAppointmentChoices, { query: { appointmentId: appt.json().id } })).json().choices;
    const stale = await accept(desk, latest.submissionId);
    expect(stale.statusCode, stale.body).toBe(400);
    expect(errorOf(stale)).toContain('no longer offered');
    expect((await appointmentOf(appt.json().id)).addOns).toEqual([]);
    expect((await desk.call(api.getSubmissionChoices, { params: { id: latest.submissionId } })).json().acceptedAt).toBeNull();
  });
});
