// A location's email: through its SendGrid integration or its SMTP server, against local fakes
// that check the key, the password and the required fields.
import type { QueueWorker } from '../../platform/queue-worker.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { startFakeSendgrid, type FakeSendgrid } from '../../../test/fakes/fake-sendgrid.js';
import { findPart, mimeTree, startFakeSmtp, type FakeSmtp } from '../../../test/fakes/fake-smtp.js';
import { newClient } from '../../../test/records.js';
import { billingWorld, newInvoice } from '../invoices/invoices.fixtures.js';
import { settled } from './communications.fixtures.js';
import { outboxWorker } from './outbox-worker.js';
import { OutboundGuard } from '../../platform/outbound-address.js';
import { messageIdOf, smtpProvider } from '../../platform/message-providers.js';

const SENDGRID_KEY = 'SG.right-key';

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

async function practice(service: 'sendgrid' | 'smtp', overrides: { privateKey?: string; publicKey?: string } = {}): Promise<TestAccount> {
  const t = await createAccount(ctx);
  await ctx.app.container.integrations.create(
    t,
    service === 'sendgrid'
      ? { locationId: t.locationId, service, publicKey: null, privateKey: overrides.privateKey ?? SENDGRID_KEY, settings: { fromEmail: 'front@clinic.test', fromName: 'Hill Vets' } }
      : {
          locationId: t.locationId,
          service,
          publicKey: overrides.publicKey ?? 'clinic',
          privateKey: overrides.privateKey ?? 'clinic-pass',
          settings: { host: '127.0.0.1', port: smtp.port, security: 'none', fromEmail: 'front@clinic.test', fromName: 'Hill Vets' },
        },
  );
  return t;
}

async function sendTo(t: TestAccount, subject = 'Reminder') {
  const client = await newClient(t.admin, t.locationId, { email: `cora-${Math.random().toString(36).slice(2, 8)}@example.com` });
  const res = await t.admin.call(api.sendClientEmail, { body: { data: { clientId: client.id, subject, body: 'Max is due for his booster.' } } });
  expect(res.statusCode, res.body).toBe(200);
  return { client, message: res.json() as api.Message };
}


describe('through SMTP', () => {
  it('is sent with the location’s user and password, its id as the Message-ID', async () => {
    const t = await practice('smtp');
    const channels = await t.admin.call(api.getClientChannels, { query: { clientId: (await newClient(t.admin, t.locationId, { email: 'x@example.com' })).id } });
    expect(channels.json().email).toEqual({ ready: true, reason: null, to: 'x@example.com' });
    const { client, message } = await sendTo(t, 'Booster due');
    expect(message.state).toBe('queued');
    const done = await settled(t, message.id);
    expect(done).toMatchObject({ state: 'sent', provider: 'smtp', providerMessageId: messageIdOf(message.id), attempts: 1 });
    expect(smtp.delivered.find((m) => m.messageId === messageIdOf(message.id))).toMatchObject({ from: 'front@clinic.test', to: [client.email], subject: 'Booster due' });
  });

  it('a refused password fails the message as not set up correctly and records the integration’s check', async () => {
    const t = await practice('smtp', { privateKey: 'wrong' });
    const { message } = await sendTo(t);
    expect(await settled(t, message.id)).toMatchObject({ state: 'failed', provider: 'smtp', reason: INTEGRATION_MESSAGES.notSetUpCorrectly });
    const [integration] = await ctx.app.container.integrations.list(t, t.locationId);
    expect(integration?.lastCheck).toMatchObject({ ok: false, message: INTEGRATION_MESSAGES.notSetUpCorrectly });
  });
});

describe('a location’s mail server on a private network (decision 0145)', () => {
  const envelope = { id: 'guarded-message', to: 'cora@example.com', from: { email: 'front@clinic.test' }, subject: 'Hello', body: 'Hi' };
  const settings = { host: '127.0.0.1', port: 0, security: 'none' as const, user: 'clinic', password: 'clinic-pass' };

  it('is never connected to unless the operator allows its network: the message fails as the integration set up wrong', async () => {
    const before = smtp.messages.length;
    const refused = smtpProvider({ ...settings, port: smtp.port }, { guard: new OutboundGuard() });
    expect(await refused.send(envelope)).toEqual({
      kind: 'credentialsRefused',
      reason: '127.0.0.1 is a private or local network address. The portal connects only to addresses on the internet.',
    });
    refused.close?.();
    expect(smtp.messages.length).toBe(before);

    const allowed = smtpProvider({ ...settings, port: smtp.port }, { guard: new OutboundGuard(['loopback']) });
    expect(await allowed.send(envelope)).toMatchObject({ kind: 'sent' });
    allowed.close?.();
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('a name that cannot be resolved now is tried again later', async () => {
    const unresolved = smtpProvider({ ...settings, host: 'mail.nowhere.willow.test' }, { guard: new OutboundGuard([], async () => []) });
    expect(await unresolved.send(envelope)).toMatchObject({ kind: 'retry', reason: 'mail.nowhere.willow.test could not be found. Check the address.' });
  });
});

describe('through SendGrid', () => {
  it('is sent with the Bearer key and the idempotency key, keeping SendGrid’s message id', async () => {
    const t = await practice('sendgrid');
    const { client, message } = await sendTo(t, 'Your invoice');
    const done = await settled(t, message.id);
    const index = sendgrid.sent.findIndex((m) => (m.custom_args as Record<string, string>).idempotency_key === message.id);
    expect(sendgrid.sent[index]).toMatchObject({
      personalizations: [{ to: [{ email: client.email }] }],
      from: { email: 'front@clinic.test', name: 'Hill Vets' },
      subject: 'Your invoice',
      content: [{ type: 'text/plain', value: 'Max is due for his booster.' }],
    });
    expect(done).toMatchObject({ state: 'sent', provider: 'sendgrid', providerMessageId: `msg-${index + 1}` });
  });

  it('a refused key fails as not set up correctly and records the check', async () => {
    const t = await practice('sendgrid', { privateKey: 'SG.wrong-key' });
    const { message } = await sendTo(t);
    expect(await settled(t, message.id)).toMatchObject({ state: 'failed', reason: INTEGRATION_MESSAGES.notSetUpCorrectly });
    const [integration] = await ctx.app.container.integrations.list(t, t.locationId);
    expect(integration?.lastCheck).toMatchObject({ ok: false });
  });

  it('a rate limit is tried again after the backoff and then sent', async () => {
    const t = await practice('sendgrid');
    sendgrid.failNext(1, 429, 'Too many requests');
    const { message } = await sendTo(t);
    expect(await settled(t, message.id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('a server failing every attempt leaves the message failed with its reason', async () => {
    const t = await practice('sendgrid');
    sendgrid.failNext(3, 503, 'Service unavailable, try later');
    const { message } = await sendTo(t);
    expect(await settled(t, message.id)).toMatchObject({ state: 'failed', attempts: 3, reason: 'Service unavailable, try later' });
  });

  it('a refusal for good (400) is final at once with SendGrid’s reason', async () => {
    const t = await practice('sendgrid');
    sendgrid.failNext(1, 400, 'Does not contain a valid address.');
    const { message } = await sendTo(t);
    expect(await settled(t, message.id)).toMatchObject({ state: 'failed', attempts: 1, reason: 'Does not contain a valid address.' });
  });
});

describe('an email made from a template', () => {
  /** A client whose name is shaped like a link and a tag: it must read as written, never act. */
  const FIRST = '[Pay now](https://evil.example/pay)';
  const LAST = '<b>Bold</b>';
  const BODY = '# Hello {{ client.firstName }} {{ client.lastName }}\n\nYour **invoice** is attached. [Pay online](https://pay.example/inv)';

  /** The invoice emailed with an email template; its message once the worker has sent it, and the editor's preview of the body. */
  async function emailedWithTemplate(service: 'smtp' | 'sendgrid') {
    const t = await practice(service);
    const template = await t.admin.call(api.emailTemplateOps.create, {
      body: { emailTemplateData: { locationId: t.locationId, name: 'Invoice', subject: 'Invoice for {{ client.firstName }}', body: BODY } },
    });
    expect(template.statusCode, template.body).toBe(201);
    const w = await billingWorld(t);
    const client = await newClient(t.admin, t.locationId, { firstName: FIRST, lastName: LAST, email: `ana-${service}@example.com` });
    const invoice = await newInvoice(t.admin, t, { ...w, client: client as never, patient: { id: null } as never }, { patientId: null });
    const res = await t.admin.call(api.emailInvoice, { params: { id: invoice.id }, body: { data: { emailTemplateId: template.json().id } } });
    expect(res.statusCode, res.body).toBe(200);
    const log = await t.admin.call(api.listMessages, { query: { clientId: client.id } });
    const [message] = log.json().items as api.Message[];
    expect(await settled(t, message!.id)).toMatchObject({ state: 'sent', provider: service });
    const preview = await t.admin.call(api.previewTemplate, { body: { data: { kind: 'email', parts: { body: BODY }, clientId: client.id } } });
    expect(preview.statusCode, preview.body).toBe(200);
    return { client, message: message!, previewHtml: api.renderedHtmlDocument((preview.json() as api.TemplatePreview).parts.bodyHtml!) };
  }

  /** HTML as the preview shows it: formatted, the client's name as text (no link to it, no bold). */
  function expectFormatted(html: string, previewHtml: string) {
    expect(html).toBe(previewHtml);
    expect(html).toContain('<h1>Hello [Pay now](https://evil.example/pay) &lt;b&gt;Bold&lt;/b&gt;</h1>');
    expect(html).toContain('Your <strong>invoice</strong> is attached. <a href="https://pay.example/inv">Pay online</a>');
    expect(html).not.toContain('href="https://evil.example');
  }
  const plainText = `# Hello ${FIRST} ${LAST}\n\nYour **invoice** is attached. [Pay online](https://pay.example/inv)`;

  it('goes out through SMTP as HTML and plain text (multipart/alternative), the PDF beside them', async () => {
    const { client, message, previewHtml } = await emailedWithTemplate('smtp');
    const mail = smtp.delivered.find((m) => m.messageId === messageIdOf(message.id));
    expect(mail?.to).toEqual([client.email]);
    const tree = mimeTree(mail!.raw);
    const alternative = findPart(tree, 'multipart/alternative');
    expect(alternative?.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
    expect(alternative!.parts[0]!.text).toBe(plainText);
    expectFormatted(alternative!.parts[1]!.text, previewHtml);
    expect(findPart(tree, 'application/pdf')).toBeDefined();
  });

  it('goes out through SendGrid as plain text and HTML content', async () => {
    const { client, message, previewHtml } = await emailedWithTemplate('sendgrid');
    const sent = sendgrid.sent.find((m) => (m.custom_args as Record<string, string>).idempotency_key === message.id);
    expect(sent).toMatchObject({ personalizations: [{ to: [{ email: client.email }] }], subject: `Invoice for ${FIRST}` });
    const content = sent!.content as { type: string; value: string }[];
    expect(content.map((c) => c.type)).toEqual(['text/plain', 'text/html']);
    expect(content[0]!.value).toBe(plainText);
    expectFormatted(content[1]!.value, previewHtml);
  });
});
