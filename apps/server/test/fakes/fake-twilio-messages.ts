// Twilio's Messages API on loopback, checking what Twilio checks: basic auth with the account SID
// and auth token, To, From and Body. It answers the same message for the same
// I-Twilio-Idempotency-Token (each message texted once), and refuses a number that replied STOP
// with Twilio's 21610.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface Texted {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
  idempotencyToken: string | undefined;
}

export interface FakeTwilioMessages {
  url: string;
  /** each idempotency token once */
  texted: Texted[];
  /** numbers Twilio knows replied STOP */
  unsubscribed: Set<string>;
  close(): Promise<void>;
}

export async function startFakeTwilioMessages(accountSid: string, authToken: string): Promise<FakeTwilioMessages> {
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const texted: Texted[] = [];
  const byToken = new Map<string, Texted>();
  const unsubscribed = new Set<string>();
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  app.post<{ Params: { sid: string } }>('/2010-04-01/Accounts/:sid/Messages.json', async (req, reply) => {
    if (req.headers.authorization !== expected || req.params.sid !== accountSid) {
      return reply.status(401).send({ code: 20003, message: 'Authenticate', status: 401 });
    }
    const form = (req.body ?? {}) as Record<string, string>;
    if (!form.To) return reply.status(400).send({ code: 21604, message: "A 'To' phone number is required.", status: 400 });
    if (!form.From) return reply.status(400).send({ code: 21603, message: "A 'From' phone number is required.", status: 400 });
    if (!form.Body) return reply.status(400).send({ code: 21602, message: 'Message body is required.', status: 400 });
    if (unsubscribed.has(form.To)) {
      return reply.status(400).send({ code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
    }
    const token = req.headers['i-twilio-idempotency-token'] as string | undefined;
    let message = token ? byToken.get(token) : undefined;
    if (!message) {
      message = { sid: `SM${randomBytes(16).toString('hex')}`, to: form.To, from: form.From, body: form.Body, statusCallback: form.StatusCallback, idempotencyToken: token };
      if (token) byToken.set(token, message);
      texted.push(message);
    }
    return reply.status(201).send({ sid: message.sid, status: 'queued', to: message.to, from: message.from, body: message.body });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, texted, unsubscribed, close: () => app.close() };
}
