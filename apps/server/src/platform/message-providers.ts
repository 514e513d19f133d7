// The adapters between the outbox and the providers: SMTP (nodemailer), SendGrid's v3 mail/send
// HTTP API and Twilio's Messages API, below the locations' messages (communications) and the
// product's own mail (product-mail) alike. Each sends one message with its idempotency key and
// says what became of it, in the outbox's terms: sent (the provider's id), retry (a temporary
// failure: the provider or the network is down, a rate limit), failed (refused for good, with the
// provider's reason) or refused credentials (the integration's settings are wrong).
import nodemailer, { type Transporter } from 'nodemailer';
import { openLocationSmtp, type SmtpSettings } from './location-smtp.js';
import { OutboundAddressRefused, type OutboundGuard } from './outbound-address.js';
import { basicAuthorization } from './providers.js';

export interface Envelope {
  /** the message's id: its idempotency key at the provider */
  id: string;
  to: string;
  from: { email: string; name?: string | null };
  subject: string;
  /** the plain text; with `html`, the plain-text part of a multipart/alternative message */
  body: string;
  /** the same message as HTML (an email made from a template), sent beside the plain text */
  html?: string | null;
  /** files sent with it (a location's email: the client's documents, read from storage when it is delivered) */
  attachments?: Attachment[];
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type Outcome =
  | { kind: 'sent'; providerMessageId: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'credentialsRefused'; reason: string }
  /** the provider itself says the recipient opted out (Twilio's 21610) */
  | { kind: 'suppressed'; reason: string };

export interface EmailProvider {
  readonly name: 'smtp' | 'sendgrid';
  send(envelope: Envelope): Promise<Outcome>;
  close?(): void;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The Message-ID an email carries: the idempotency key, at a host the product names. */
export const messageIdOf = (id: string) => `<${id}@outbox.willow>`;

// --- SMTP --------------------------------------------------------------------------------------

/**
 * The product's SMTP server (SMTP_URL, the operator's, parsed by nodemailer with its TLS options),
 * or a location's (checked by the guard when the first message is sent).
 */
export function smtpProvider(settings: string): EmailProvider;
export function smtpProvider(settings: SmtpSettings, opts: { pool?: boolean; guard: OutboundGuard }): EmailProvider;
export function smtpProvider(settings: SmtpSettings | string, opts?: { pool?: boolean; guard: OutboundGuard }): EmailProvider {
  let opened: Promise<Transporter> | undefined;
  const open = () =>
    (opened ??=
      typeof settings === 'string' ? Promise.resolve(nodemailer.createTransport(settings)) : openLocationSmtp(settings, opts!.guard, { pool: opts?.pool ?? false }));
  return {
    name: 'smtp',
    async send(e) {
      try {
        const transport = await open();
        const info = await transport.sendMail({
          messageId: messageIdOf(e.id),
          from: e.from.name ? { name: e.from.name, address: e.from.email } : e.from.email,
          to: e.to,
          subject: e.subject,
          text: e.body,
          ...(e.html && { html: e.html }),
          ...(e.attachments?.length && {
            attachments: e.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          }),
        });
        return { kind: 'sent', providerMessageId: info.messageId ?? messageIdOf(e.id) };
      } catch (err) {
        return smtpOutcome(err);
      }
    },
    close: () => void opened?.then((t) => t.close(), () => undefined),
  };
}

function smtpOutcome(err: unknown): Outcome {
  // The location's host leads to a private network: its settings are wrong. Not found: DNS may answer later.
  if (err instanceof OutboundAddressRefused) return err.reason === 'unresolved' ? { kind: 'retry', reason: err.message } : { kind: 'credentialsRefused', reason: err.message };
  const e = err as { code?: string; responseCode?: number; response?: string };
  const reason = e.response ?? describe(err);
  if (e.code === 'EAUTH' || e.responseCode === 535 || e.responseCode === 530) return { kind: 'credentialsRefused', reason };
  // 5xx: the server refuses this message for good (an unknown recipient, a policy).
  if (e.responseCode && e.responseCode >= 500) return { kind: 'failed', reason };
  // 4xx, a dropped or refused connection, a timeout, a TLS handshake: try again later.
  return { kind: 'retry', reason };
}

// --- SendGrid ----------------------------------------------------------------------------------

/** SendGrid's v3 mail/send: a Bearer API key; the idempotency key rides as a custom arg and a header. */
export function sendgridProvider(apiKey: string, baseUrl: string): EmailProvider {
  return {
    name: 'sendgrid',
    async send(e) {
      let res: Response;
      try {
        res = await fetch(new URL('/v3/mail/send', baseUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            personalizations: [{ to: [{ email: e.to }] }],
            from: { email: e.from.email, ...(e.from.name && { name: e.from.name }) },
            subject: e.subject,
            // SendGrid wants text/plain first, then text/html: a multipart/alternative message.
            content: [{ type: 'text/plain', value: e.body }, ...(e.html ? [{ type: 'text/html', value: e.html }] : [])],
            ...(e.attachments?.length && {
              attachments: e.attachments.map((a) => ({
                content: a.content.toString('base64'),
                filename: a.filename,
                type: a.contentType,
                disposition: 'attachment',
              })),
            }),
            custom_args: { idempotency_key: e.id },
            headers: { 'Message-ID': messageIdOf(e.id) },
          }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (err) {
        return { kind: 'retry', reason: describe(err) };
      }
      if (res.status === 202 || res.status === 200) return { kind: 'sent', providerMessageId: res.headers.get('x-message-id') ?? e.id };
      const reason = await providerReason(res);
      if (res.status === 401 || res.status === 403) return { kind: 'credentialsRefused', reason };
      if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason };
      return { kind: 'failed', reason };
    },
  };
}

/** The provider's own words: SendGrid's errors[0].message, Twilio's message, or the status. */
async function providerReason(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { errors?: { message?: string }[]; message?: string };
    const said = body.errors?.[0]?.message ?? body.message;
    if (said) return said;
  } catch {
    // not JSON: the status says it
  }
  return `${res.status} ${res.statusText}`.trim();
}

// --- Twilio ------------------------------------------------------------------------------------

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
}

export interface SmsEnvelope {
  id: string;
  to: string;
  body: string;
  /** where Twilio reports the delivery status */
  statusCallback: string | null;
}

/**
 * Twilio's Messages API (documented HTTP: form-encoded, basic auth with the account SID and auth
 * token). The idempotency key goes in `I-Twilio-Idempotency-Token`.
 */
export async function sendSms(settings: TwilioSettings, baseUrl: string, e: SmsEnvelope): Promise<Outcome> {
  const form = new URLSearchParams({ To: e.to, From: settings.fromNumber, Body: e.body });
  if (e.statusCallback) form.set('StatusCallback', e.statusCallback);
  let res: Response;
  try {
    res = await fetch(new URL(`/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, baseUrl), {
      method: 'POST',
      headers: {
        authorization: basicAuthorization(settings.accountSid, settings.authToken),
        'content-type': 'application/x-www-form-urlencoded',
        'i-twilio-idempotency-token': e.id,
      },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    return { kind: 'retry', reason: describe(err) };
  }
  if (res.status === 200 || res.status === 201) {
    const body = (await res.json().catch(() => ({}))) as { sid?: string };
    return { kind: 'sent', providerMessageId: body.sid ?? e.id };
  }
  const text = await res.text().catch(() => '');
  let said: { code?: number; message?: string } = {};
  try {
    said = JSON.parse(text) as typeof said;
  } catch {
    // not JSON
  }
  const reason = said.message ?? `${res.status} ${res.statusText}`.trim();
  if (res.status === 401 || res.status === 403 || said.code === 20003) return { kind: 'credentialsRefused', reason };
  if (said.code === 21610) return { kind: 'suppressed', reason };
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason };
  return { kind: 'failed', reason };
}
