// The portal's own emails as the browser tests read them: the test files run in workers of their
// own and reach the mail server's messages through its HTTP mailbox (mailbox-server.ts), whose URL
// the global setup provides.
import { WAIT_CEILING_MS } from '../test-support/wait-ceiling.ts';
import { inject, vi } from 'vitest';
import type { Mail } from './mailbox-server.ts';

export type { Mail };

/** The messages sent to an address so far, oldest first. */
export async function mailTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${inject('mailboxUrl')}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox: ${response.status}`);
  return (await response.json()) as Mail[];
}

/** Waits for the `n`th message (1: the first) to an address, as the outbox delivers it. */
export async function waitForMail(address: string, n = 1): Promise<Mail> {
  return vi.waitFor(
    async () => {
      const mails = await mailTo(address);
      const mail = mails[n - 1];
      if (!mail) throw new Error(`no email number ${n} to ${address} yet (${mails.length} so far)`);
      return mail;
    },
    { timeout: WAIT_CEILING_MS, interval: 100 },
  );
}

/** The one link to this portal's page `path` in an email, e.g. '/magicLink'. */
export function linkIn(mail: Mail, path: string): string {
  const found = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`));
  if (!found) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  return found[0];
}

/** The 6-digit code of a sign-in code email. */
export function codeIn(mail: Mail): string {
  const found = /\b(\d{6})\b/.exec(mail.text);
  if (!found) throw new Error(`no code in "${mail.subject}": ${mail.text}`);
  return found[1]!;
}
