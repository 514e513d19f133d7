// A mail server on loopback (smtp-server) for the tests: plain connections (no TLS), AUTH
// PLAIN/LOGIN checked against its users when it has any (as a submission server does, before any
// mail), every message kept. It delivers a Message-ID once, as a mail system that deduplicates by
// it does, and can be told to refuse the next messages (451: try later; 550: refused).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
  subject: string | undefined;
}

export interface FakeSmtp {
  port: number;
  host: string;
  /** smtp://user:password@host:port with the first user (as SMTP_URL takes it) */
  url: string;
  /** user → password; empty: no sign-in required */
  users: Map<string, string>;
  /** every message it accepted, a Message-ID given again included */
  messages: ReceivedMail[];
  /** each Message-ID once */
  delivered: ReceivedMail[];
  refuseNext(n: number, code: number, message: string): void;
  close(): Promise<void>;
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim();

export async function startFakeSmtp(users: Record<string, string> = {}, port = 0): Promise<FakeSmtp> {
  const known = new Map(Object.entries(users));
  const messages: ReceivedMail[] = [];
  const delivered: ReceivedMail[] = [];
  const seen = new Set<string>();
  let refusals: { left: number; code: number; message: string } | undefined;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: known.size === 0,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (known.get(auth.username ?? '') === auth.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals && refusals.left > 0) {
          refusals.left -= 1;
          return callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
        };
        messages.push(mail);
        if (!mail.messageId || !seen.has(mail.messageId)) {
          if (mail.messageId) seen.add(mail.messageId);
          delivered.push(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  const [first] = known;
  const credentials = first ? `${encodeURIComponent(first[0])}:${encodeURIComponent(first[1])}@` : '';
  return {
    port: actual,
    host: '127.0.0.1',
    url: `smtp://${credentials}127.0.0.1:${actual}`,
    users: known,
    messages,
    delivered,
    refuseNext(n, code, message) {
      refusals = { left: n, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
