// SendGrid's v3 API as far as the portal uses it, on loopback: Bearer API keys checked, the key's
// scopes, and mail sends with their required fields. A send carrying an idempotency key it has
// seen (the custom arg `idempotency_key`) is answered with the first one's id and delivered once.
import { bearer, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeSendgrid extends HttpFake {
  /** API keys SendGrid knows, with their scopes (mail.send to send) */
  keys: Map<string, string[]>;
  /** the mail sent (the v3 mail/send body), in order, each idempotency key once */
  sent: Record<string, unknown>[];
  /** the next `n` valid sends answer `status` with SendGrid's error shape (429, 5xx: temporary; 400: refused) */
  failNext(n: number, status: number, message: string): void;
}

const refused: FakeAnswer = { status: 401, body: { errors: [{ field: null, message: 'The provided authorization grant is invalid, expired, or revoked' }] } };

export async function startFakeSendgrid(keys: Record<string, string[]> = {}): Promise<FakeSendgrid> {
  const known = new Map(Object.entries(keys));
  const sent: Record<string, unknown>[] = [];
  const idsByKey = new Map<string, string>();
  let failing: { left: number; status: number; message: string } | undefined;
  const authed = (handler: (req: FakeRequest, scopes: string[]) => FakeAnswer) => (req: FakeRequest) => {
    const scopes = known.get(bearer(req) ?? '');
    return scopes ? handler(req, scopes) : refused;
  };
  const fake = await startHttpFake([
    ['GET', '/v3/scopes', authed((_req, scopes) => ({ status: 200, body: { scopes } }))],
    [
      'POST',
      '/v3/mail/send',
      authed((req, scopes) => {
        if (!scopes.includes('mail.send')) return { status: 403, body: { errors: [{ field: null, message: 'access forbidden' }] } };
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(req.text) as Record<string, unknown>;
        } catch {
          return { status: 400, body: { errors: [{ field: null, message: 'Bad Request' }] } };
        }
        const errors: { field: string; message: string }[] = [];
        const personalizations = body.personalizations as { to?: { email?: string }[] }[] | undefined;
        if (!Array.isArray(personalizations) || !personalizations[0]?.to?.[0]?.email) errors.push({ field: 'personalizations', message: 'The personalizations field is required and must have at least one personalization.' });
        if (!(body.from as { email?: string } | undefined)?.email) errors.push({ field: 'from.email', message: 'The from email does not contain a valid address.' });
        if (!body.subject) errors.push({ field: 'subject', message: 'The subject is required.' });
        if (!Array.isArray(body.content) || body.content.length === 0) errors.push({ field: 'content', message: 'Unless a valid template_id is provided, the content parameter is required.' });
        // As SendGrid does: a multipart/alternative message lists its plain text first, then its HTML.
        const types = Array.isArray(body.content) ? (body.content as { type?: string }[]).map((c) => c.type) : [];
        const plain = types.indexOf('text/plain');
        const html = types.indexOf('text/html');
        if ((plain > 0) || (html >= 0 && plain >= 0 && html < plain)) errors.push({ field: 'content', message: 'If present, text/plain must be first, followed by text/html, followed by any other content.' });
        if (errors.length) return { status: 400, body: { errors } };
        if (failing && failing.left > 0) {
          failing.left -= 1;
          return { status: failing.status, body: { errors: [{ field: null, message: failing.message }] } };
        }
        const key = (body.custom_args as Record<string, string> | undefined)?.idempotency_key;
        const seen = key ? idsByKey.get(key) : undefined;
        if (seen) return { status: 202, headers: { 'x-message-id': seen } };
        sent.push(body);
        const id = `msg-${sent.length}`;
        if (key) idsByKey.set(key, id);
        return { status: 202, headers: { 'x-message-id': id } };
      }),
    ],
  ]);
  return {
    ...fake,
    keys: known,
    sent,
    failNext(n, status, message) {
      failing = { left: n, status, message };
    },
  };
}
