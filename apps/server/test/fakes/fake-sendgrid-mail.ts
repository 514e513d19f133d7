// SendGrid's v3 mail/send on loopback, checking what SendGrid checks: the Bearer API key, and a
// recipient, a sender, a subject and content. It delivers each idempotency key (the custom arg
// the outbox sends) once, as a provider deduplicating by it does.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface SentMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  idempotencyKey: string | undefined;
  messageId: string;
}

export interface FakeSendgridMail {
  url: string;
  /** each idempotency key once */
  delivered: SentMail[];
  /** every accepted request, duplicates included */
  requests: number;
  /** the next `n` requests answer this status (429, 500: temporary; 400: refused) */
  failNext(n: number, status: number, message: string): void;
  close(): Promise<void>;
}

export async function startFakeSendgridMail(apiKey: string): Promise<FakeSendgridMail> {
  const app = Fastify();
  const delivered: SentMail[] = [];
  const byKey = new Map<string, string>();
  let failing: { left: number; status: number; message: string } | undefined;
  const state = { requests: 0 };
  app.post('/v3/mail/send', async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return reply.status(401).send({ errors: [{ field: null, message: 'The provided authorization grant is invalid, expired, or revoked' }] });
    }
    const body = req.body as {
      personalizations?: { to?: { email?: string }[] }[];
      from?: { email?: string };
      subject?: string;
      content?: { type?: string; value?: string }[];
      custom_args?: Record<string, string>;
    };
    const missing = [
      !body?.personalizations?.[0]?.to?.[0]?.email && 'personalizations.0.to',
      !body?.from?.email && 'from.email',
      !body?.subject && 'subject',
      !body?.content?.[0]?.value && 'content',
    ].filter(Boolean);
    if (missing.length) return reply.status(400).send({ errors: missing.map((field) => ({ field, message: `The ${field} field is required.` })) });
    if (failing && failing.left > 0) {
      failing.left -= 1;
      return reply.status(failing.status).send({ errors: [{ field: null, message: failing.message }] });
    }
    state.requests += 1;
    const key = body.custom_args?.idempotency_key;
    let messageId = key ? byKey.get(key) : undefined;
    if (!messageId) {
      messageId = randomUUID().replaceAll('-', '').slice(0, 22);
      if (key) byKey.set(key, messageId);
      delivered.push({
        to: body.personalizations![0]!.to![0]!.email!,
        from: body.from!.email!,
        subject: body.subject!,
        text: body.content![0]!.value!,
        idempotencyKey: key,
        messageId,
      });
    }
    return reply.status(202).header('x-message-id', messageId).send('');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    delivered,
    get requests() {
      return state.requests;
    },
    failNext(n, status, message) {
      failing = { left: n, status, message };
    },
    close: () => app.close(),
  };
}
