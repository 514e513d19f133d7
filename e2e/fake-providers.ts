// The providers the browser tests' server talks to: local fakes of SendGrid and Stripe that know
// only these keys, and a mail server (the portal's own mail, SMTP_URL, and the locations' SMTP
// settings), started by the global setup and named to the server through its environment.
import { startFakeSendgrid } from '../apps/server/test/fakes/fake-sendgrid.ts';
import { startFakeSmtp } from '../apps/server/test/fakes/fake-smtp.ts';
import { startFakeStripe } from '../apps/server/test/fakes/fake-stripe.ts';

export const FAKE_KEYS = {
  sendgrid: 'SG.e2e-key-the-fake-sendgrid-accepts',
  stripeSecret: 'sk_test_e2e-key-the-fake-stripe-accepts',
  smtp: { user: 'e2e-mailer', password: 'e2e-mail-secret' },
} as const;

export async function startFakeProviders(): Promise<{ env: Record<string, string>; smtpPort: number; close(): Promise<void> }> {
  const [sendgrid, stripe, smtp] = await Promise.all([
    startFakeSendgrid({ [FAKE_KEYS.sendgrid]: ['mail.send'] }),
    startFakeStripe([FAKE_KEYS.stripeSecret]),
    startFakeSmtp({ [FAKE_KEYS.smtp.user]: FAKE_KEYS.smtp.password }),
  ]);
  return {
    env: { SENDGRID_API_URL: sendgrid.url, STRIPE_API_URL: stripe.url, SMTP_URL: smtp.url },
    smtpPort: smtp.port,
    close: async () => {
      await Promise.all([sendgrid.close(), stripe.close(), smtp.close()]);
    },
  };
}
