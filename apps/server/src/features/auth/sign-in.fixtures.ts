// Shared setup of the sign-in flows' tests: requests from addresses of their own, and the codes and
// links read from the product's mail as the person would read them.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { OTP_LENGTH, SIGN_IN_LINK_PATHS, type Operation } from '@willow/contracts';
import type { TestContext } from '../../../test/harness.js';

/** The portal's address in the tests' links (the harness's Providers.appUrl). */
export const APP_URL = 'http://portal.willow.test';
/** A product mail setting: messages are queued, and no worker runs in these tests to send them. */
export const TEST_MAIL = { smtpUrl: 'smtp://127.0.0.1:9', from: 'Willow <portal@willow.test>' };

let ipCounter = 0;
/** Each request from its own address unless a test names one, so the per-IP limits of one test never touch another. */
export const freshIp = () => `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

export function post(ctx: TestContext, op: Operation, data: unknown, opts: { ip?: string; cookie?: string } = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: op.method,
    url: op.path,
    payload: { data },
    remoteAddress: opts.ip ?? freshIp(),
    ...(opts.cookie && { headers: { cookie: opts.cookie } }),
  });
}

export interface Mail {
  subject: string;
  body: string;
}

/** Every message the product queued for an address, oldest first. */
export async function mailTo(ctx: TestContext, to: string): Promise<Mail[]> {
  return ctx.database.query<Mail>(
    `select subject, body from product_messages where to_address = '${to.replace(/'/g, "''")}' order by created_at, id`,
  );
}

/** The latest message the product queued for an address. */
export async function lastMailTo(ctx: TestContext, to: string): Promise<Mail> {
  const all = await mailTo(ctx, to);
  expect(all.length, `an email to ${to}`).toBeGreaterThan(0);
  return all.at(-1)!;
}

/** The code on the email's first line. */
export function codeIn(mail: Mail): string {
  const first = mail.body.split('\n')[0]!;
  expect(first).toMatch(new RegExp(`^\\d{${OTP_LENGTH}}$`));
  return first;
}

/** The token of the email's link to `page`; undefined when the email has none. */
export function tokenIn(mail: Mail, page: keyof typeof SIGN_IN_LINK_PATHS): string | undefined {
  const m = new RegExp(`${APP_URL.replace(/\./g, '\\.')}${SIGN_IN_LINK_PATHS[page]}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.body);
  return m?.[1];
}

/** Moves every token sent to an address past its expiry. */
export const expireTokens = (ctx: TestContext, email: string) =>
  ctx.database.query(`update sign_in_tokens set expires_at = now() - interval '1 second' where email = '${email}'`);

/** The x-access-token cookie an answer set, as a Cookie header. */
export function cookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'x-access-token');
  expect(cookie, 'the sign-in cookie').toBeDefined();
  return `x-access-token=${cookie!.value}`;
}

export const queryCount = (res: LightMyRequestResponse) => Number(res.headers['x-query-count']);
