// Emailing a document (POST /api/pdf/sendPDF): queued in the outbox of the client's location with
// the document attached, read from storage when the worker delivers it through SMTP or SendGrid.
import type { QueueWorker } from '../../platform/queue-worker.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { DOCUMENT_MESSAGES, INTEGRATION_MESSAGES, SEND_DOCUMENT_MESSAGES } from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, PDF_BYTES, uploadDocument, type TestAccount, type TestContext } from '../../../test/harness.js';
import { startFakeSendgrid, type FakeSendgrid } from '../../../test/fakes/fake-sendgrid.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/fake-smtp.js';
import { newClient } from '../../../test/records.js';
import { settled } from './communications.fixtures.js';
import { ATTACHMENT_GONE } from './outbox-delivery.service.js';
import { outboxWorker } from './outbox-worker.js';
import { messageIdOf } from '../../platform/message-providers.js';

const SENDGRID_KEY = 'SG.documents-key';
let ctx: TestContext;
let smtp: FakeSmtp;
let sendgrid: FakeSendgrid;
let worker: QueueWorker;

beforeAll(async () => {
  [smtp, sendgrid] = await Promise.all([startFakeSmtp({ clinic: 'clinic-pass' }), startFakeSendgrid({ [SENDGRID_KEY]: ['mail.send'] })]);
  ctx = await createTestApp({ providers: { sendgrid: sendgrid.url }, outboxRetry: { baseMs: 20, maxMs: 100, maxAttempts: 3, leaseMs: 5000 } });
  worker = outboxWorker(ctx.app.container.outbox, { listen: ctx.database.listen, pollMs: 200 });
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await Promise.all([smtp?.close(), sendgrid?.close()]);
});

async function practice(service: 'sendgrid' | 'smtp' | null): Promise<TestAccount> {
  const t = await createAccount(ctx);
  if (service === 'sendgrid') {
    await ctx.app.container.integrations.create(t, {
      locationId: t.locationId,
      service,
      publicKey: null,
      privateKey: SENDGRID_KEY,
      settings: { fromEmail: 'front@clinic.test', fromName: 'Hill Vets' },
    });
  } else if (service === 'smtp') {
    await ctx.app.container.integrations.create(t, {
      locationId: t.locationId,
      service,
      publicKey: 'clinic',
      privateKey: 'clinic-pass',
      settings: { host: '127.0.0.1', port: smtp.port, security: 'none', fromEmail: 'front@clinic.test', fromName: 'Hill Vets' },
    });
  }
  return t;
}

async function documentOf(t: TestAccount, email: string | null = `cora-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const client = await newClient(t.admin, t.locationId, { firstName: 'Cora', lastName: 'Owner', email });
  const res = await uploadDocument(ctx, t.admin, { clientId: client.id }, { name: 'aftercare.pdf', bytes: PDF_BYTES });
  expect(res.statusCode, res.body).toBe(201);
  return { client, document: res.json() as api.Document };
}

const sendPdf = (t: TestAccount, data: Record<string, unknown>) => t.admin.call(api.sendDocumentPdf, { body: { data } });

describe('POST /api/pdf/sendPDF through SMTP', () => {
  it("queues the email to the client's address with the document attached; the mail server receives the file", async () => {
    const t = await practice('smtp');
    const { client, document } = await documentOf(t);
    const res = await sendPdf(t, { documentId: document.id });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as api.SendDocumentResult;
    expect(answer).toEqual({ message: SEND_DOCUMENT_MESSAGES.sent, messageId: expect.any(String), to: client.email });

    const done = await settled(t, answer.messageId);
    expect(done).toMatchObject({ state: 'sent', provider: 'smtp', to: client.email, client: { id: client.id } });
    expect(done.subject).toBe('aftercare.pdf from Main Clinic');
    expect(done.body).toContain('Please find aftercare.pdf attached.');
    const mail = smtp.delivered.find((m) => m.messageId === messageIdOf(answer.messageId))!;
    expect(mail.to).toEqual([client.email]);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=aftercare\.pdf/i);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=aftercare\.pdf/i);
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(PDF_BYTES.toString('base64'));
  });

  it('sends to the address, subject and message given', async () => {
    const t = await practice('smtp');
    const { document } = await documentOf(t);
    const res = await sendPdf(t, { documentId: document.id, to: ' Vet@Referral.Example ', subject: 'Referral letter', message: 'Here is the referral.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe('vet@referral.example');
    const done = await settled(t, res.json().messageId);
    expect(done).toMatchObject({ state: 'sent', to: 'vet@referral.example', subject: 'Referral letter', body: 'Here is the referral.' });
    expect(smtp.delivered.find((m) => m.messageId === messageIdOf(done.id))?.raw).toMatch(/filename=aftercare\.pdf/);
  });

  it('a document deleted before the email goes out fails it with why, and sends nothing', async () => {
    const t = await practice('smtp');
    const { document } = await documentOf(t);
    const outbox = ctx.app.container.outbox;
    let queued = '';
    // The worker holds its claim until the test knows the message's id, then the document goes.
    let known!: () => void;
    const idKnown = new Promise<void>((resolve) => (known = resolve));
    outbox.pauses.afterClaim = async (id) => {
      await idKnown;
      if (id === queued) await t.admin.call(api.deleteDocument, { params: { id: document.id } });
    };
    try {
      const res = await sendPdf(t, { documentId: document.id });
      expect(res.statusCode, res.body).toBe(200);
      queued = res.json().messageId;
      known();
      expect(await settled(t, queued)).toMatchObject({ state: 'failed', reason: ATTACHMENT_GONE });
      expect(smtp.messages.some((m) => m.messageId === messageIdOf(queued))).toBe(false);
    } finally {
      outbox.pauses.afterClaim = undefined;
    }
  });
});

describe('POST /api/pdf/sendPDF through SendGrid', () => {
  it('attaches the file as SendGrid takes it (base64, its name and type)', async () => {
    const t = await practice('sendgrid');
    const { client, document } = await documentOf(t);
    const res = await sendPdf(t, { documentId: document.id, subject: 'Your documents' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await settled(t, res.json().messageId);
    expect(done).toMatchObject({ state: 'sent', provider: 'sendgrid' });
    const sent = sendgrid.sent.find((m) => (m.custom_args as Record<string, string>).idempotency_key === done.id);
    expect(sent).toMatchObject({
      personalizations: [{ to: [{ email: client.email }] }],
      subject: 'Your documents',
      attachments: [{ content: PDF_BYTES.toString('base64'), filename: 'aftercare.pdf', type: 'application/pdf', disposition: 'attachment' }],
    });
  });
});

describe('POST /api/pdf/sendPDF refusals', () => {
  it('names the field of bad input (400)', async () => {
    const t = await practice('smtp');
    const { document } = await documentOf(t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'documentId: is required'],
      [{ documentId: 'nope' }, 'documentId: must be a valid id'],
      [{ documentId: document.id, to: 'not-an-address' }, 'to: must be a valid email address'],
      [{ documentId: document.id, subject: 'x'.repeat(201) }, 'subject: must be at most 200 characters'],
    ];
    for (const [data, message] of cases) {
      const res = await sendPdf(t, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('a client without an email address needs an address given (400 naming to)', async () => {
    const t = await practice('smtp');
    const { document } = await documentOf(t, null);
    const res = await sendPdf(t, { documentId: document.id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`to: ${SEND_DOCUMENT_MESSAGES.noAddress}`);
  });

  it('a location without email says so (409) and queues nothing', async () => {
    const t = await practice(null);
    const { document } = await documentOf(t);
    const res = await sendPdf(t, { documentId: document.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(INTEGRATION_MESSAGES.emailNotSetUp);
    expect((await t.admin.call(api.listMessages, { query: { limit: 10 } })).json().total).toBe(0);
  });

  it("another account's document, or one that does not exist, is not found (404)", async () => {
    const [mine, theirs] = await Promise.all([practice('smtp'), practice('smtp')]);
    const { document } = await documentOf(theirs);
    for (const documentId of [document.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await sendPdf(mine, { documentId });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.notFound);
    }
    expect((await theirs.admin.call(api.listMessages, { query: { limit: 10 } })).json().total).toBe(0);
  });

  it('any signed-in staff member may send; nobody signed out', async () => {
    const t = await practice('smtp');
    const { document } = await documentOf(t);
    const staff = await createUser(ctx, t, []);
    expect((await staff.call(api.sendDocumentPdf, { body: { data: { documentId: document.id } } })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/pdf/sendPDF', payload: { data: { documentId: document.id } } });
    expect(res.statusCode).toBe(401);
  });
});
