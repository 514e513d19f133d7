// The fake mail server's messages over HTTP for the browser tests (mailbox.ts reads them): GET
// /messages?to=<address> answers the messages to that address as JSON, oldest first, bodies decoded.
// Started by the global setup beside the mail server (fake-providers.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeSmtp } from '../apps/server/test/fakes/fake-smtp.ts';

export interface Mail {
  to: string[];
  subject: string;
  /** the plain-text body, decoded */
  text: string;
  /** the files attached, their content as base64 */
  attachments: { filename: string; contentType: string; base64: string }[];
}

/** The headers and body of one MIME part. */
function splitPart(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return { headers: raw, body: '' };
  return { headers: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

const headerOf = (headers: string, name: string) => new RegExp(`^${name}:\\s*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(headers)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();

function decodeBody(body: string, encoding: string | undefined): string {
  const bytes = (() => {
    switch (encoding?.toLowerCase()) {
      case 'base64':
        return Buffer.from(body.replace(/\s+/g, ''), 'base64');
      case 'quoted-printable': {
        const text = body.replace(/=\r?\n/g, '');
        const out: number[] = [];
        for (let i = 0; i < text.length; i++) {
          const hex = text.slice(i + 1, i + 3);
          if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
            out.push(parseInt(hex, 16));
            i += 2;
          } else out.push(...Buffer.from(text[i]!, 'utf8'));
        }
        return Buffer.from(out);
      }
      default:
        return Buffer.from(body, 'utf8');
    }
  })();
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** The text/plain body of a message (the first such part of a multipart one). */
export function plainText(raw: string): string {
  const { headers, body } = splitPart(raw);
  const type = headerOf(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map((p) => plainText(p.replace(/^\r?\n/, ''))).filter(Boolean);
    return texts[0] ?? '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  return decodeBody(body, headerOf(headers, 'Content-Transfer-Encoding'));
}

/** The parts sent as attachments (Content-Disposition: attachment), at any depth of a multipart message. */
export function attachmentsOf(raw: string): Mail['attachments'] {
  const { headers, body } = splitPart(raw);
  const type = headerOf(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((p) => attachmentsOf(p.replace(/^\r?\n/, '')));
  }
  const disposition = headerOf(headers, 'Content-Disposition') ?? '';
  if (!/^attachment/i.test(disposition)) return [];
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
  const encoding = headerOf(headers, 'Content-Transfer-Encoding')?.toLowerCase();
  const base64 = encoding === 'base64' ? body.replace(/\s+/g, '') : Buffer.from(body, 'utf8').toString('base64');
  return [{ filename: decodeURIComponent(filename), contentType: type.split(';')[0]!.trim(), base64 }];
}

/** Encoded-word subjects (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) as text. */
function decodeSubject(subject: string): string {
  return subject.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

export async function startMailbox(smtp: FakeSmtp): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails: Mail[] = smtp.delivered
      .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
      .map((m) => {
        const { headers } = splitPart(m.raw);
        return { to: m.to, subject: decodeSubject(headerOf(headers, 'Subject') ?? ''), text: plainText(m.raw), attachments: attachmentsOf(m.raw) };
      });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

