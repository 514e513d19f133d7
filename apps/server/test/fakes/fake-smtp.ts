// A mail server on loopback (smtp-server): plain connections (no TLS), AUTH PLAIN/LOGIN checked
// against its users when it has any, every message kept.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  port: number;
  host: string;
  /** user → password; empty: no sign-in required */
  users: Map<string, string>;
  messages: { from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

export async function startFakeSmtp(users: Record<string, string> = {}): Promise<FakeSmtp> {
  const known = new Map(Object.entries(users));
  const messages: FakeSmtp['messages'] = [];
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
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { port, host: '127.0.0.1', users: known, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
