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

/** One part of a received message: its media type, and its text (decoded) or its own parts. */
export interface MimePart {
  type: string;
  text: string;
  parts: MimePart[];
}

/**
 * A received message read as its MIME tree (multipart bodies split at their boundary, quoted-printable
 * and base64 decoded), so a test reads the parts the way a mail client shows them.
 */
export function mimeTree(raw: string): MimePart {
  const blank = /\r?\n\r?\n/.exec(raw);
  const head = (blank ? raw.slice(0, blank.index) : raw).replace(/\r?\n[ \t]+/g, ' ');
  const body = blank ? raw.slice(blank.index + blank[0].length) : '';
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const contentType = field('Content-Type') || 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
    const sections = body.split(`--${boundary}`).slice(1);
    const parts = sections.filter((s) => !s.startsWith('--')).map((s) => mimeTree(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { type, text: '', parts };
  }
  const encoding = field('Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
        : Buffer.from(body, 'utf8');
  return { type, text: bytes.toString('utf8').replace(/\r\n/g, '\n'), parts: [] };
}

/** The first part of a media type anywhere in a message's tree. */
export function findPart(tree: MimePart, type: string): MimePart | undefined {
  if (tree.type === type) return tree;
  for (const p of tree.parts) {
    const found = findPart(p, type);
    if (found) return found;
  }
  return undefined;
}
