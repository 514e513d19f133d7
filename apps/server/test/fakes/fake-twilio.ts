// Twilio's REST API (2010-04-01) as far as the portal uses it, on loopback: HTTP basic auth with
// the account SID and auth token, the account, and messages with their required fields. A message
// carrying an I-Twilio-Idempotency-Token it has seen is answered as the first one and texted
// once; a number that replied STOP is refused with Twilio's 21610.
import { randomBytes } from 'node:crypto';
import { basicAuth, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeTwilio extends HttpFake {
  /** account SID → auth token */
  accounts: Map<string, string>;
  /** messages created, in order, each idempotency token once */
  messages: { sid: string; accountSid: string; to: string; from: string; body: string; statusCallback: string | null; idempotencyToken: string | null }[];
  /** numbers Twilio knows replied STOP to the account's numbers */
  unsubscribed: Set<string>;
}

const unauthenticated: FakeAnswer = {
  status: 401,
  body: { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 },
};

export async function startFakeTwilio(accounts: Record<string, string> = {}): Promise<FakeTwilio> {
  const known = new Map(Object.entries(accounts));
  const messages: FakeTwilio['messages'] = [];
  const unsubscribed = new Set<string>();
  const authed = (handler: (req: FakeRequest, sid: string) => FakeAnswer) => (req: FakeRequest) => {
    const auth = basicAuth(req);
    const sid = req.params.sid!.replace(/\.json$/, '');
    if (!auth || auth.user !== sid || known.get(sid) !== auth.password) return unauthenticated;
    return handler(req, sid);
  };
  const fake = await startHttpFake([
    ['GET', '/2010-04-01/Accounts/:sid', authed((_req, sid) => ({ status: 200, body: { sid, friendly_name: 'Practice', status: 'active', type: 'Full' } }))],
    [
      'POST',
      '/2010-04-01/Accounts/:sid/Messages.json',
      authed((req, sid) => {
        const form = new URLSearchParams(req.text);
        const to = form.get('To');
        const from = form.get('From') ?? form.get('MessagingServiceSid');
        const body = form.get('Body');
        if (!to) return { status: 400, body: { code: 21604, message: "A 'To' phone number is required.", status: 400 } };
        if (!from) return { status: 400, body: { code: 21603, message: "A 'From' phone number is required.", status: 400 } };
        if (!body) return { status: 400, body: { code: 21602, message: 'Message body is required.', status: 400 } };
        if (unsubscribed.has(to)) return { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 } };
        const token = (req.headers['i-twilio-idempotency-token'] as string | undefined) ?? null;
        const seen = token ? messages.find((m) => m.idempotencyToken === token) : undefined;
        if (seen) return { status: 201, body: { sid: seen.sid, account_sid: sid, to: seen.to, from: seen.from, body: seen.body, status: 'queued' } };
        const message = { sid: `SM${randomBytes(16).toString('hex')}`, accountSid: sid, to, from, body, statusCallback: form.get('StatusCallback'), idempotencyToken: token };
        messages.push(message);
        return { status: 201, body: { sid: message.sid, account_sid: sid, to, from, body, status: 'queued' } };
      }),
    ],
  ]);
  return { ...fake, accounts: known, messages, unsubscribed };
}
