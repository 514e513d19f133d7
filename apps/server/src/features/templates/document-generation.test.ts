// A document made from a document template: merge fields filled from the client's real records,
// printed on the template's PDF page (letterhead with the location's logo, footer, page numbers) or
// a plain page, kept as the client's (and patient's) document.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, uploadTo, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { tinyPng } from '../../../test/images.js';
import { pdfText } from '../../../test/pdf-text.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { GENERATE_MESSAGES } from './document-generation.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home, []);
});
afterAll(() => ctx?.close());

async function pdfTemplate(t: TestAccount, data: Record<string, unknown> = {}): Promise<api.PdfTemplate> {
  const res = await t.admin.call(api.pdfTemplateOps.create, {
    body: {
      pdfTemplateData: {
        locationId: t.locationId,
        name: 'Letterhead',
        header: '**{{ location.name }}**  \n{{ location.phone }}',
        footer: 'With care, {{ practice.name }}',
        ...data,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const LETTER = [
  '# Aftercare for {{ patient.name }}',
  '',
  'Dear **{{ client.fullName }}**,',
  '',
  '| Keepsake | Price |',
  '| --- | ---: |',
  '| Paw print | $25.00 |',
  '',
  '- Written by {{ staff.firstName }}',
].join('\n');

async function documentTemplate(t: TestAccount, data: Record<string, unknown> = {}): Promise<api.DocumentTemplate> {
  const res = await t.admin.call(api.documentTemplateOps.create, {
    body: { documentTemplateData: { locationId: t.locationId, name: 'Aftercare letter', body: LETTER, ...data } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function household(t: TestAccount) {
  const client = await newClient(t.admin, t.locationId, { firstName: 'Cora', lastName: 'Owner', email: `cora-${randomUUID().slice(0, 8)}@example.com` });
  const patient = await newPatient(t.admin, client.id, t.speciesId, { name: 'Biscuit' });
  return { client, patient };
}

const generate = (caller: Client, templateId: string, data: Record<string, unknown>) =>
  caller.call(api.generateDocument, { params: { id: templateId }, body: { data } });

async function downloaded(caller: Client, id: string): Promise<Buffer> {
  const res = await caller.call(api.downloadDocument, { params: { id } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('POST /api/documentTemplate/{id}/generate', () => {
  it("names the file after the client's whole name, a '/' in it made safe rather than cutting what comes before", async () => {
    const template = await documentTemplate(home);
    const client = await newClient(home.admin, home.locationId, { firstName: 'Ann', lastName: 'Smith/Jones' });
    const res = await generate(staff, template.id, { clientId: client.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as api.Document).fileName).toBe('Aftercare letter - Ann Smith_Jones.pdf');
  });

  it("prints the filled template on its PDF page with the logo, and keeps it as the client's and patient's document", async () => {
    const upload = await uploadTo(ctx, home.admin, `/api/location/${home.locationId}/logo`, {}, { name: 'logo.png', bytes: tinyPng(8, 4), type: 'image/png' });
    expect(upload.statusCode, upload.body).toBe(200);
    await home.admin.call(api.updateLocation, { params: { id: home.locationId }, body: { data: { phone: '555-0199' } } });
    const page = await pdfTemplate(home);
    const template = await documentTemplate(home, { pdfTemplateId: page.id });
    const { client, patient } = await household(home);

    const res = await generate(staff, template.id, { clientId: client.id, patientId: patient.id });
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json() as api.Document;
    expect(document).toMatchObject({
      clientId: client.id,
      patientId: patient.id,
      contentType: 'application/pdf',
      fileName: 'Aftercare letter - Cora Owner.pdf',
      description: 'Aftercare letter',
    });

    const pdf = await downloaded(staff, document.id);
    const text = await pdfText(pdf);
    expect(text).toContain('Main Clinic');
    expect(text).toContain('555-0199');
    expect(text).toContain('Aftercare for Biscuit');
    expect(text).toContain('Dear Cora Owner');
    expect(text).toContain('Paw print');
    expect(text).toContain('$25.00');
    expect(text).toContain('Written by Uma');
    expect(text).toMatch(/With care, Practice/);
    expect(text).toContain('Page 1 of 1');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);

    // it is among the client's documents and the patient's
    const ofClient = (await staff.call(api.listDocuments, { query: { clientId: client.id } })).json() as api.Document[];
    const ofPatient = (await staff.call(api.listDocuments, { query: { patientId: patient.id } })).json() as api.Document[];
    expect(ofClient.map((d) => d.id)).toContain(document.id);
    expect(ofPatient.map((d) => d.id)).toContain(document.id);
  });

  it('prints on a plain page without a PDF page, with empty fields for a patient not given', async () => {
    const template = await documentTemplate(home);
    const { client } = await household(home);
    const res = await generate(staff, template.id, { clientId: client.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().patientId).toBeNull();
    const pdf = await downloaded(staff, res.json().id);
    const text = await pdfText(pdf);
    expect(text).toContain('Aftercare for');
    expect(text).not.toContain('Biscuit');
    expect(text).toContain('Dear Cora Owner');
    expect(text).toContain('Page 1 of 1');
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('prints a client named like a link or a tag as written: no link made of it, nothing dropped', async () => {
    const template = await documentTemplate(home, { body: 'Dear **{{ client.firstName }}** {{ client.lastName }}, [our site](https://clinic.example/)' });
    const client = await newClient(home.admin, home.locationId, { firstName: '[Pay now](https://evil.example/pay)', lastName: '<b>Bold</b> <Rover>' });
    const res = await generate(staff, template.id, { clientId: client.id });
    expect(res.statusCode, res.body).toBe(201);
    const pdf = await downloaded(staff, res.json().id);
    // (the text comes back in runs, spaced apart: compared without spaces)
    const printed = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(printed).toContain('Dear[Paynow](https://evil.example/pay)<b>Bold</b><Rover>,oursite');
    const uris = [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    // (a link is an annotation per word it covers)
    expect(new Set(uris)).toEqual(new Set(['https://clinic.example/']));
  });

  it('a PDF page without the logo or page numbers prints neither', async () => {
    const page = await pdfTemplate(home, { showLogo: false, showPageNumbers: false, header: 'Plain header', footer: '' });
    const template = await documentTemplate(home, { pdfTemplateId: page.id });
    const { client } = await household(home);
    const res = await generate(staff, template.id, { clientId: client.id });
    const pdf = await downloaded(staff, res.json().id);
    const text = await pdfText(pdf);
    expect(text).toContain('Plain header');
    expect(text).not.toContain('Page 1 of');
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('fills the appointment the document is about', async () => {
    const template = await documentTemplate(home, { body: 'Visit on {{ appointment.date }} for {{ patient.name }}' });
    const { client, patient } = await household(home);
    const appointment = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: client.id, patientIds: [patient.id], startAt: '2031-03-04T15:00:00Z', endAt: '2031-03-04T15:30:00Z' } },
    });
    expect(appointment.statusCode, appointment.body).toBe(201);
    const res = await generate(staff, template.id, { clientId: client.id, appointmentId: appointment.json().id });
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfText(await downloaded(staff, res.json().id));
    expect(text).toContain('for Biscuit');
    expect(text).toMatch(/2031/);
  });

  it('names the field of bad input (400)', async () => {
    const template = await documentTemplate(home);
    const { client, patient } = await household(home);
    const another = await household(home);
    const elsewhere = await newClient(home.admin, await addLocation(ctx, home), { firstName: 'Far', lastName: 'Away' });
    const visit = await home.admin.call(api.createAppointment, {
      body: { data: { locationId: home.locationId, clientId: another.client.id, patientIds: [another.patient.id], startAt: '2031-03-05T15:00:00Z', endAt: '2031-03-05T15:30:00Z' } },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'clientId: is required'],
      [{ clientId: 'x' }, 'clientId: must be a valid id'],
      [{ clientId: client.id, patientId: another.patient.id }, 'patientId: is not a patient of this client'],
      [{ clientId: client.id, appointmentId: visit.json().id }, GENERATE_MESSAGES.appointmentOfAnotherClient],
      [{ clientId: elsewhere.id }, GENERATE_MESSAGES.otherLocation],
    ];
    for (const [data, message] of cases) {
      const res = await generate(staff, template.id, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await staff.call(api.listDocuments, { query: { clientId: client.id } })).json()).toEqual([]);
    void patient;
  });

  it("another account's template is not found; its client is refused; nothing is kept", async () => {
    const theirTemplate = await documentTemplate(other);
    const theirs = await household(other);
    const mine = await household(home);
    const template = await documentTemplate(home);
    const notFound = await generate(home.admin, theirTemplate.id, { clientId: mine.client.id });
    expect(notFound.statusCode).toBe(404);
    const missing = await generate(home.admin, '00000000-0000-4000-8000-000000000000', { clientId: mine.client.id });
    expect(missing.statusCode).toBe(404);
    const theirClient = await generate(home.admin, template.id, { clientId: theirs.client.id });
    expect(theirClient.statusCode).toBe(400);
    expect(errorOf(theirClient)).toBe('clientId: unknown client');
    const theirPatient = await generate(home.admin, template.id, { clientId: mine.client.id, patientId: theirs.patient.id });
    expect(theirPatient.statusCode).toBe(404);
    expect((await other.admin.call(api.listDocuments, { query: { clientId: theirs.client.id } })).json()).toEqual([]);
    expect((await home.admin.call(api.listDocuments, { query: { clientId: mine.client.id } })).json()).toEqual([]);
  });

  it('needs a session', async () => {
    const template = await documentTemplate(home);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/documentTemplate/${template.id}/generate`, payload: { data: {} } });
    expect(res.statusCode).toBe(401);
  });
});
