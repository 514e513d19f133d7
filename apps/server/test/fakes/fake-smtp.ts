// A mail server on loopback for the tests: it checks what a real submission server checks (AUTH
// with the right user and password before any mail, a sender and recipients), keeps what it was
// given, and delivers a Message-ID once, as a mail system that deduplicates by it does.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string | undefined;
  subject: string | undefined;
  raw: string;
}

export interface FakeSmtp {
  port: number;
  url: string;
  /** every accepted message, each Message-ID once */
  delivered: ReceivedMail[];
  /** every DATA the server was given, duplicates included */
  received: ReceivedMail[];
  /** the next `n` messages are refused with this SMTP reply (451: try later; 550: refused) */
  refuseNext(n: number, code: number, message: string): void;
  close(): Promise<void>;
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim();

export async function startFakeSmtp(auth: { user: string; password: string } | null = { user: 'mailer', password: 'mail-secret' }, port = 0): Promise<FakeSmtp> {
  const delivered: ReceivedMail[] = [];
  const received: ReceivedMail[] = [];
  const seen = new Set<string>();
  let refusals: { left: number; code: number; message: string } | undefined;
  const options: SMTPServerOptions = {
    secure: false,
    // Loopback without TLS: the server offers no STARTTLS, so the client sends AUTH in plain.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    onAuth(a, _session, callback) {
      if (auth && a.username === auth.user && a.password === auth.password) return callback(null, { user: a.username });
      const err = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          raw,
        };
        if (refusals && refusals.left > 0) {
          refusals.left -= 1;
          return callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
        }
        received.push(mail);
        if (!mail.messageId || !seen.has(mail.messageId)) {
          if (mail.messageId) seen.add(mail.messageId);
          delivered.push(mail);
        }
        callback(null, 'Queued');
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : '';
  return {
    port: actual,
    url: `smtp://${credentials}127.0.0.1:${actual}`,
    delivered,
    received,
    refuseNext(n, code, message) {
      refusals = { left: n, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
