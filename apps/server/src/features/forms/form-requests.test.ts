// Sending a form (a link by email or SMS through the outbox, or on a clinic device), the public
// page that opens it, and the one submission it takes, with its signature evidence and its PDF.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createLoggedApp, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { brokenImages } from '../../../test/images.js';
import { newClient, newPatient, storageKeyOf, storedBytes } from '../../../test/records.js';
import { createFormTemplate, freshIp, goodAnswers, linkParts, openForm, sendForm, SIGNATURE_PNG, submitForm } from './forms.fixtures.js';

const APP_URL = 'https://portal.practice.example';
let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
let template: api.FormTemplate;
beforeAll(async () => {
  ctx = await createTestApp({ providers: { publicUrl: APP_URL, appUrl: APP_URL } });
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
  template = await createFormTemplate(home);
  // email goes through the location's SMTP server, SMS through Twilio: queued here, not delivered
  await ctx.app.container.integrations.create(home, {
    locationId: home.locationId,
    service: 'smtp',
    publicKey: 'clinic',
    privateKey: 'clinic-pass',
    settings: { host: '127.0.0.1', port: 2525, security: 'none', fromEmail: 'front@clinic.test', fromName: 'Hill Vets' },
  });
  await ctx.app.container.integrations.create(home, {
    locationId: home.locationId,
    service: 'twilio',
    publicKey: 'AC0000',
    privateKey: 'token',
    settings: { fromNumber: '+15305550100' },
  });
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);
async function family(t: TestAccount = home) {
  const client = await newClient(t.admin, t.locationId, { firstName: 'Maria', lastName: 'Alvarez', email: `maria-${tag()}@example.com`, phone: '(530) 555-0142' });
  const patient = await newPatient(t.admin, client.id, t.speciesId, { name: 'Biscuit' });
  return { client, patient };
}
async function appointmentOf(t: TestAccount, clientId: string, patientId: string): Promise<string> {
  const res = await t.admin.call(api.createAppointment, {
    body: { data: { locationId: t.locationId, clientId, patientIds: [patientId], startAt: '2031-03-04T15:00:00Z', endAt: '2031-03-04T16:00:00Z' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
async function deviceForm(extra: Partial<api.FormRequestInput> = {}) {
  const { client, patient } = await family();
  const request = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, channel: 'device', ...extra });
  return { client, patient, request };
}
const submissionsOf = async (clientId: string) => {
  const res = await staff.call(api.formSubmissionOps.list, { query: { clientId, view: 'unread' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as api.FormSubmission[];
};

describe('sending a form', () => {
  it('on a clinic device: answers the link to open, keyed by account and request, working for 14 days', async () => {
    const { client, patient } = await family();
    const before = Date.now();
    const request = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, channel: 'device' });
    expect(request).toMatchObject({
      formTemplateId: template.id,
      formName: 'Euthanasia consent',
      purpose: 'euthanasia_consent',
      clientId: client.id,
      patientId: patient.id,
      appointmentId: null,
      channel: 'device',
      state: 'pending',
      submittedAt: null,
      submissionId: null,
      messageId: null,
      locationId: home.locationId,
    });
    const { accountId, requestId, t } = linkParts(request.url);
    expect(request.url.startsWith(`${APP_URL}/form/`)).toBe(true);
    expect([accountId, requestId]).toEqual([home.accountId, request.id]);
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(request.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    // only the hash of the secret is kept
    const [row] = await ctx.database.query<{ secret_hash: string }>(`select secret_hash from form_requests where id = '${request.id}'`);
    expect(row!.secret_hash).toBe(createHash('sha256').update(t).digest('base64url'));
    expect(row!.secret_hash).not.toContain(t);
  });

  it('by email: queues the link to the client in the same transaction', async () => {
    const { client, patient } = await family();
    const request = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, channel: 'email' });
    expect(request.messageId).toEqual(expect.any(String));
    const log = await staff.call(api.listMessages, { query: { clientId: client.id } });
    const [message] = log.json().items as api.Message[];
    expect(message).toMatchObject({ id: request.messageId, channel: 'email', to: client.email, subject: 'Euthanasia consent — Main Clinic' });
    // The log shows the link without its single-use secret; the message that goes out carries it whole.
    const { t } = linkParts(request.url);
    const bare = request.url.slice(0, request.url.indexOf('?'));
    expect(message!.body).toContain(bare);
    expect(message!.body).not.toContain(t);
    expect(message!.body).not.toContain('?t=');
    const [queued] = await ctx.database.query<{ body: string }>(`select body from outbox_messages where id = '${request.messageId}'`);
    expect(queued!.body).toContain(request.url);
    expect(message!.body).toBe(queued!.body.replace(request.url, bare));
    expect(message!.body).toContain('Hello Maria,');
    expect(message!.body).toContain('about Biscuit');
  });

  it('by SMS: uses the location’s “Form request” SMS template with the link when it has one', async () => {
    const { client } = await family();
    const plain = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, channel: 'sms' });
    const messages = async () => (await staff.call(api.listMessages, { query: { clientId: client.id } })).json().items as api.Message[];
    expect((await messages())[0]).toMatchObject({ channel: 'sms', to: '+15305550142' });
    const bare = (url: string) => url.slice(0, url.indexOf('?'));
    expect((await messages())[0]!.body).toBe(`Main Clinic: please fill in “Euthanasia consent”: ${bare(plain.url)} (until ${new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(plain.expiresAt))})`);
    await ctx.database.query(
      `insert into sms_templates (account_id, location_id, name, type, body) values ('${home.accountId}', '${home.locationId}', 'Forms', 'form_request', 'Hi {{ client.firstName }}, {{ location.name }} sent you a form: {{ link.form }}')`,
    );
    const templated = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, channel: 'sms' });
    expect((await messages())[0]!.body).toBe(`Hi Maria, Main Clinic sent you a form: ${bare(templated.url)}`);
    const [queued] = await ctx.database.query<{ body: string }>(`select body from outbox_messages where id = '${templated.messageId}'`);
    expect(queued!.body).toBe(`Hi Maria, Main Clinic sent you a form: ${templated.url}`);
  });

  it('refuses a channel that cannot reach the client, writing nothing', async () => {
    const client = await newClient(staff, home.locationId, { firstName: 'No', lastName: 'Email' });
    const res = await staff.call(api.createFormRequest, { body: { data: { formTemplateId: template.id, clientId: client.id, channel: 'email' } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('This client has no email address');
    const elsewhere = await other.admin.call(api.createFormRequest, {
      body: { data: { formTemplateId: (await createFormTemplate(other)).id, clientId: (await family(other)).client.id, channel: 'sms' } },
    });
    expect(errorOf(elsewhere)).toBe('SMS is not set up for this location');
    const [row] = await ctx.database.query<{ n: number }>(`select count(*)::int as n from form_requests where client_id = '${client.id}'`);
    expect(row!.n).toBe(0);
  });

  it('checks the patient and appointment belong to the client; another account’s ids are not found', async () => {
    const { client, patient } = await family();
    const stranger = await family();
    const theirs = await family(other);
    const theirTemplate = await createFormTemplate(other);
    const base = { formTemplateId: template.id, clientId: client.id, channel: 'device' as const };
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ patientId: stranger.patient.id }, 400, 'patientId: not one of this client’s patients'],
      [{ appointmentId: await appointmentOf(home, stranger.client.id, stranger.patient.id) }, 400, 'appointmentId: not an appointment of this client'],
      [{ clientId: theirs.client.id }, 404],
      [{ patientId: theirs.patient.id }, 404],
      [{ formTemplateId: theirTemplate.id }, 404],
      [{ appointmentId: await appointmentOf(other, theirs.client.id, theirs.patient.id) }, 404],
      [{ channel: 'fax' }, 400, expect.stringMatching(/^channel: /) as unknown as string],
    ];
    for (const [extra, status, message] of cases) {
      const res = await staff.call(api.createFormRequest, { body: { data: { ...base, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      if (message) expect(errorOf(res)).toEqual(message);
    }
    const ok = await sendForm(staff, { ...base, patientId: patient.id, appointmentId: await appointmentOf(home, client.id, patient.id) });
    expect(ok.state).toBe('pending');
  });

  it('lists an appointment’s or a client’s forms by state, newest first', async () => {
    const { client, patient } = await family();
    const appointmentId = await appointmentOf(home, client.id, patient.id);
    const first = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, appointmentId, channel: 'device' });
    const second = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, channel: 'device' });
    expect((await submitForm(ctx, first.url, { answers: goodAnswers() })).statusCode).toBe(201);
    const list = async (query: Record<string, string>) => {
      const res = await staff.call(api.listFormRequests, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as api.FormRequest[];
    };
    expect((await list({ clientId: client.id })).map((r) => r.id)).toEqual([second.id, first.id]);
    const [forVisit] = await list({ appointmentId });
    expect(forVisit).toMatchObject({ id: first.id, state: 'submitted', purpose: 'euthanasia_consent', submissionId: expect.any(String) });
    expect((await list({ clientId: client.id, state: 'pending' })).map((r) => r.id)).toEqual([second.id]);
    expect((await list({ clientId: client.id, state: 'submitted' })).map((r) => r.id)).toEqual([first.id]);
    const none = await staff.call(api.listFormRequests, {});
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toBe('clientId: is required (or appointmentId)');
    expect((await other.admin.call(api.listFormRequests, { query: { clientId: client.id } })).statusCode).toBe(404);
    expect((await other.admin.call(api.listFormRequests, { query: { appointmentId } })).statusCode).toBe(404);
  });
});

describe('the public form', () => {
  it('opens without a session: the consent clause rendered with the client’s data, the schemas and the version hash', async () => {
    const { request } = await deviceForm();
    const res = await openForm(ctx, request.url);
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json() as api.PublicForm;
    expect(form).toMatchObject({
      formName: 'Euthanasia consent',
      purpose: 'euthanasia_consent',
      locationName: 'Main Clinic',
      clientName: 'Maria Alvarez',
      patientName: 'Biscuit',
      needsSignerName: true,
      expiresAt: request.expiresAt,
      versionHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const consent = form.fields.find((f) => f.type === 'consent')!;
    expect(consent.text).toBe('I, Maria Alvarez, consent to the euthanasia of Biscuit.');
    expect((form.schema.properties as Record<string, { description?: string }>).consent!.description).toBe(consent.text);
    expect(form.uiSchema.signature).toEqual({ 'ui:widget': 'signature' });
  });

  it('answers 422, not a server error, when a clause stored before the render limits were checked is over them', async () => {
    const slow = await createFormTemplate(home);
    const nested = `{% assign xs = "${'a'.repeat(2_000)}" | split: "" %}{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}`;
    const fields = slow.fields.map((f) => (f.type === 'consent' ? { ...f, text: nested } : f));
    await ctx.database.query(`update form_templates set fields = $f$${JSON.stringify(fields)}$f$::jsonb where id = '${slow.id}'`);
    const { client, patient } = await family();
    const request = await sendForm(staff, { formTemplateId: slow.id, clientId: client.id, patientId: patient.id, channel: 'device' });
    const res = await openForm(ctx, request.url);
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toBe(`${api.FORM_MESSAGES.cannotShow}: line 1: the template repeats too much`);
  });

  it('refuses a wrong secret, an expired link and a used one alike', async () => {
    const { request } = await deviceForm();
    const refusals = [
      await openForm(ctx, request.url, { t: 'x'.repeat(43) }),
      await openForm(ctx, request.url, { t: '' }),
      await openForm(ctx, request.url.replace(request.id, '00000000-0000-4000-8000-000000000000')),
      await openForm(ctx, request.url.replace(home.accountId, other.accountId)),
    ];
    await ctx.database.query(`update form_requests set expires_at = now() - interval '1 second' where id = '${request.id}'`);
    refusals.push(await openForm(ctx, request.url));
    refusals.push(await submitForm(ctx, request.url, { answers: goodAnswers() }));
    const used = (await deviceForm()).request;
    expect((await submitForm(ctx, used.url, { answers: goodAnswers() })).statusCode).toBe(201);
    refusals.push(await openForm(ctx, used.url));
    refusals.push(await submitForm(ctx, used.url, { answers: goodAnswers() }));
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toBe(api.FORM_MESSAGES.linkInvalid);
    }
  });

  it('refuses answers the fields do not allow with the one message, and keeps the link open', async () => {
    const { client, request } = await deviceForm();
    const cases: Record<string, unknown>[] = [
      { answers: goodAnswers({ consent: false }) },
      { answers: goodAnswers({ fullName: '  ' }) },
      { answers: goodAnswers({ cremation: 'Burial' }) },
      { answers: goodAnswers({ signature: 'data:image/svg+xml;base64,PHN2Zz4=' }) },
      { answers: goodAnswers({ signature: SIGNATURE_PNG + 'A'.repeat(api.FORM_SIGNATURE_MAX) }) },
      { answers: goodAnswers({ extra: 'x' }) },
      { answers: goodAnswers({ ashesReturned: 'yes' }) },
      { answers: { fullName: 'Maria' } },
      { answers: goodAnswers(), signerName: '   ' },
      { answers: goodAnswers(), versionHash: 'f'.repeat(64) },
    ];
    for (const data of cases) {
      const res = await submitForm(ctx, request.url, data as { answers: Record<string, unknown> });
      expect(res.statusCode, JSON.stringify(data).slice(0, 200)).toBe(400);
      expect(errorOf(res)).toBe('There was an error submitting this form. Please check your answers and try again');
    }
    expect(await submissionsOf(client.id)).toEqual([]);
    expect((await openForm(ctx, request.url)).statusCode).toBe(200);
  });

  it('refuses a signature that does not decode as a whole PNG, and a signer’s name with "&" (a name field), each with its message; the link stays open', async () => {
    const { client, request } = await deviceForm();
    for (const [what, bytes] of Object.entries(brokenImages()).filter(([, b]) => b[0] === 0x89)) {
      const res = await submitForm(ctx, request.url, { answers: goodAnswers({ signature: `data:image/png;base64,${bytes.toString('base64')}` }), signerName: 'Maria Alvarez' });
      expect(res.statusCode, what).toBe(400);
      expect(errorOf(res), what).toBe(api.FORM_MESSAGES.signatureUnreadable);
    }
    const named = await submitForm(ctx, request.url, { answers: goodAnswers(), signerName: 'Maria & Tom Alvarez' });
    expect(named.statusCode).toBe(400);
    expect(errorOf(named)).toBe(api.MESSAGES.ampersand);
    expect(await submissionsOf(client.id)).toEqual([]);
    expect((await submitForm(ctx, request.url, { answers: goodAnswers(), signerName: 'Maria and Tom Alvarez' })).statusCode).toBe(201);
  });

  it('refuses a form changed since it was opened when the page sends the hash it showed', async () => {
    const own = await createFormTemplate(home, { name: 'Changing' });
    const { client } = await family();
    const request = await sendForm(staff, { formTemplateId: own.id, clientId: client.id, channel: 'device' });
    const shown = (await openForm(ctx, request.url)).json() as api.PublicForm;
    const changed = await home.admin.call(api.formTemplateOps.update, {
      params: { id: own.id },
      body: { formTemplateData: { fields: own.fields.map((f) => (f.type === 'consent' ? { ...f, text: 'New words for {{ patient.name }}.' } : f)) } },
    });
    expect(changed.json().version).toBe(2);
    const stale = await submitForm(ctx, request.url, { answers: goodAnswers(), versionHash: shown.versionHash });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale)).toBe(api.FORM_MESSAGES.submitRefused);
    const fresh = (await openForm(ctx, request.url)).json() as api.PublicForm;
    expect(fresh.versionHash).not.toBe(shown.versionHash);
    expect((await submitForm(ctx, request.url, { answers: goodAnswers(), versionHash: fresh.versionHash })).statusCode).toBe(201);
  });

  it('stores the submission once with its fields, answers and signature evidence, and its PDF as a document of the client', async () => {
    const { client, patient } = await family();
    const appointmentId = await appointmentOf(home, client.id, patient.id);
    const request = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, appointmentId, channel: 'device' });
    const shown = (await openForm(ctx, request.url)).json() as api.PublicForm;
    const ip = freshIp();
    const res = await submitForm(ctx, request.url, { answers: goodAnswers({ notes: 'He likes the garden' }), signerName: ' Maria Alvarez ', versionHash: shown.versionHash }, { ip, userAgent: 'Mozilla/5.0 (iPhone; Test)' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true });

    const [submission] = await submissionsOf(client.id);
    expect(submission).toMatchObject({
      formTemplateId: template.id,
      formName: 'Euthanasia consent',
      purpose: 'euthanasia_consent',
      formVersion: 1,
      versionHash: shown.versionHash,
      fields: shown.fields,
      answers: goodAnswers({ notes: 'He likes the garden' }),
      client: { id: client.id, name: 'Maria Alvarez' },
      patient: { id: patient.id, name: 'Biscuit' },
      appointmentId,
      signature: { name: 'Maria Alvarez', ip, userAgent: 'Mozilla/5.0 (iPhone; Test)', image: SIGNATURE_PNG, signedAt: expect.any(String) },
      status: 'unread',
      deletedAt: null,
      locationId: home.locationId,
    });
    expect(submission!.signature!.signedAt).toBe(submission!.submittedAt);

    // the PDF: a document of the client and patient, with what was asked, answered and signed
    const documents = (await staff.call(api.listDocuments, { query: { clientId: client.id } })).json() as api.Document[];
    const document = documents.find((d) => d.id === submission!.documentId)!;
    expect(document).toMatchObject({ clientId: client.id, patientId: patient.id, contentType: 'application/pdf', description: 'Form submitted and signed by Maria Alvarez' });
    const text = await pdfText((await storedBytes(ctx, await storageKeyOf(ctx, document.id)))!);
    for (const words of ['Euthanasia consent', 'Maria Alvarez', 'Biscuit', 'I, Maria Alvarez, consent to the euthanasia of Biscuit.', 'Agreed', 'Private', 'He likes the garden', `From IP address ${ip}`, shown.versionHash]) {
      expect(text).toContain(words);
    }

    // the appointment's consent, as billing and aftercare will read it
    const forVisit = await staff.call(api.formSubmissionOps.list, { query: { appointmentId, view: 'unread' } });
    expect((forVisit.json().items as api.FormSubmission[]).map((s) => s.id)).toEqual([submission!.id]);
  });

  it('takes one of two submissions sent at once', async () => {
    const { client, request } = await deviceForm();
    const answers = await Promise.all([submitForm(ctx, request.url, { answers: goodAnswers() }), submitForm(ctx, request.url, { answers: goodAnswers() })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect(await submissionsOf(client.id)).toHaveLength(1);
    const [row] = await ctx.database.query<{ n: number }>(`select count(*)::int as n from documents where client_id = '${client.id}'`);
    expect(row!.n).toBe(1);
  });

  it('limits the submissions tried from one IP', async () => {
    const { request } = await deviceForm();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await submitForm(ctx, request.url, { answers: {} }, { ip })).statusCode).toBe(400);
    const limited = await submitForm(ctx, request.url, { answers: goodAnswers() }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toBe(api.FORM_MESSAGES.tooManySubmissions);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect((await submitForm(ctx, request.url, { answers: goodAnswers() })).statusCode).toBe(201);
  });
});

describe('form submissions', () => {
  it('moves between unread, read and deleted; the badge counts unread at a location', async () => {
    const { client, request } = await deviceForm();
    expect((await submitForm(ctx, request.url, { answers: goodAnswers() })).statusCode).toBe(201);
    const [submission] = await submissionsOf(client.id);
    const count = async () => {
      const res = await staff.call(api.countUnreadFormSubmissions, { query: { locationId: home.locationId } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    const view = async (v: api.FormSubmissionView) =>
      ((await staff.call(api.formSubmissionOps.list, { query: { clientId: client.id, view: v } })).json().items as api.FormSubmission[]).map((s) => s.id);
    const unread = await count();
    expect(unread).toBeGreaterThan(0);

    const read = await staff.call(api.formSubmissionOps.update, { params: { id: submission!.id }, body: { formSubmissionData: { id: submission!.id, status: 'read', deletedAt: null } } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ status: 'read', deletedAt: null, answers: submission!.answers, signature: submission!.signature });
    expect(await view('read')).toEqual([submission!.id]);
    expect(await view('unread')).toEqual([]);
    expect(await count()).toBe(unread - 1);

    const removed = await staff.call(api.formSubmissionOps.remove, { params: { id: submission!.id } });
    expect(removed.statusCode).toBe(200);
    expect(await view('deleted')).toEqual([submission!.id]);
    expect(await view('read')).toEqual([]);
    const got = (await staff.call(api.formSubmissionOps.get, { params: { id: submission!.id } })).json() as api.FormSubmission;
    expect(got.deletedAt).toEqual(expect.any(String));

    const back = await staff.call(api.formSubmissionOps.update, { params: { id: submission!.id }, body: { formSubmissionData: { status: 'unread' } } });
    expect(back.json()).toMatchObject({ status: 'unread', deletedAt: null });
    expect(await view('unread')).toEqual([submission!.id]);
  });

  it('outlives its template: deleting the template ends its open links and keeps what was submitted', async () => {
    const own = await createFormTemplate(home, { name: 'Short-lived' });
    const { client } = await family();
    const submitted = await sendForm(staff, { formTemplateId: own.id, clientId: client.id, channel: 'device' });
    const open = await sendForm(staff, { formTemplateId: own.id, clientId: client.id, channel: 'device' });
    expect((await submitForm(ctx, submitted.url, { answers: goodAnswers() })).statusCode).toBe(201);
    const removed = await home.admin.call(api.formTemplateOps.remove, { params: { id: own.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await openForm(ctx, open.url)).statusCode).toBe(404);
    const [submission] = await submissionsOf(client.id);
    expect(submission).toMatchObject({ formName: 'Short-lived', formTemplateId: null, answers: goodAnswers() });
    expect(submission!.fields.map((f) => f.key)).toEqual(own.fields.map((f) => f.key));
  });

  it('never changes what was submitted', async () => {
    const { client, request } = await deviceForm();
    await submitForm(ctx, request.url, { answers: goodAnswers() });
    const [submission] = await submissionsOf(client.id);
    const res = await staff.call(api.formSubmissionOps.update, {
      params: { id: submission!.id },
      body: { formSubmissionData: { status: 'read', answers: { fullName: 'Someone else' }, signature: null, versionHash: 'x' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answers: submission!.answers, signature: submission!.signature, versionHash: submission!.versionHash });
    const bad = await staff.call(api.formSubmissionOps.update, { params: { id: submission!.id }, body: { formSubmissionData: { status: 'archived' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^status: /);
    const undelete = await staff.call(api.formSubmissionOps.update, { params: { id: submission!.id }, body: { formSubmissionData: { status: 'read', deletedAt: '2026-01-01T00:00:00Z' } } });
    expect(undelete.statusCode).toBe(400);
  });

  it('lists newest first, a page at a time', async () => {
    const { client, patient } = await family();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await sendForm(staff, { formTemplateId: template.id, clientId: client.id, patientId: patient.id, channel: 'device' });
      await submitForm(ctx, r.url, { answers: goodAnswers() });
      ids.unshift((await staff.call(api.listFormRequests, { query: { clientId: client.id } })).json()[0].submissionId);
    }
    const page = await staff.call(api.formSubmissionOps.list, { query: { clientId: client.id, view: 'unread', limit: 2, offset: 0 } });
    expect(page.json().total).toBe(3);
    expect((page.json().items as api.FormSubmission[]).map((s) => s.id)).toEqual(ids.slice(0, 2));
    const rest = await staff.call(api.formSubmissionOps.list, { query: { clientId: client.id, view: 'unread', limit: 2, offset: 2 } });
    expect((rest.json().items as api.FormSubmission[]).map((s) => s.id)).toEqual(ids.slice(2));
  });

  it('answers 404 for another account’s submissions, locations, clients and appointments', async () => {
    const { client, request } = await deviceForm();
    await submitForm(ctx, request.url, { answers: goodAnswers() });
    const [submission] = await submissionsOf(client.id);
    const stranger = other.admin;
    const id = submission!.id;
    expect((await stranger.call(api.formSubmissionOps.get, { params: { id } })).statusCode).toBe(404);
    expect((await stranger.call(api.formSubmissionOps.update, { params: { id }, body: { formSubmissionData: { status: 'read' } } })).statusCode).toBe(404);
    expect((await stranger.call(api.formSubmissionOps.remove, { params: { id } })).statusCode).toBe(404);
    expect((await stranger.call(api.formSubmissionOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    expect((await stranger.call(api.formSubmissionOps.list, { query: { clientId: client.id } })).statusCode).toBe(404);
    expect((await stranger.call(api.countUnreadFormSubmissions, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    expect((await stranger.call(api.formSubmissionOps.list, { query: { locationId: other.locationId } })).json().total).toBe(0);
  });

  it('refuses the signed-out on every staff operation', async () => {
    const anon = (await import('../../../test/harness.js')).anonymous(ctx);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [op, opts] of [
      [api.formSubmissionOps.list, {}],
      [api.formSubmissionOps.get, { params: { id } }],
      [api.countUnreadFormSubmissions, {}],
      [api.listFormRequests, { query: { clientId: id } }],
      [api.createFormRequest, { body: { data: { formTemplateId: id, clientId: id, channel: 'device' } } }],
    ] as const) {
      expect((await anon.call(op, opts)).statusCode).toBe(401);
    }
  });
});

describe('the log', () => {
  it('never holds a form link’s secret', async () => {
    const logged = await createLoggedApp(ctx, { publicUrl: APP_URL, appUrl: APP_URL });
    try {
      const { request } = await deviceForm();
      const { t } = linkParts(request.url);
      const path = new URL(request.url).pathname;
      // the page itself (this app serves no built pages: only its log line matters here)
      await logged.app.inject({ method: 'GET', url: `${path}?t=${t}` });
      const opened = await openForm(logged, request.url);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(logged.lines.join('\n')).toContain(`/api/publicForm/${home.accountId}/${request.id}?[hidden]`);
      expect(logged.lines.join('\n')).toContain(`${path}?[hidden]`);
      expect(logged.lines.join('\n')).not.toContain(t);
    } finally {
      await logged.close();
    }
  });
});
