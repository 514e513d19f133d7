// The providers the browser tests' server talks to: local fakes of SendGrid, Stripe, Intuit
// (QuickBooks) and Twilio that know only these keys, and a mail server (the portal's own mail, SMTP_URL, and
// the locations' SMTP settings), started by the global setup and named to the server through its environment.
import { startFakeSendgrid } from '../apps/server/test/fakes/fake-sendgrid.ts';
import { startFakeSmtp } from '../apps/server/test/fakes/fake-smtp.ts';
import { startFakeStripe } from '../apps/server/test/fakes/fake-stripe.ts';
import { startFakeQuickbooks } from '../apps/server/test/fakes/fake-quickbooks.ts';
import { startFakeTwilio } from '../apps/server/test/fakes/fake-twilio.ts';
import { startMailbox } from './mailbox-server.ts';
import { startTextLog } from './texts-server.ts';

export const FAKE_KEYS = {
  sendgrid: 'SG.e2e-key-the-fake-sendgrid-accepts',
  stripeSecret: 'sk_test_e2e-key-the-fake-stripe-accepts',
  smtp: { user: 'e2e-mailer', password: 'e2e-mail-secret' },
  quickbooksClientId: 'e2e-intuit-app',
  quickbooksClientSecret: 'e2e-intuit-app-secret',
  /** a location's Twilio integration: the account SID (public key) and auth token (private key), which also signs the webhooks */
  twilio: { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'e2e-twilio-auth-token' },
} as const;

/** The company the fake Intuit connects when its consent page is visited. */
export const FAKE_QUICKBOOKS_COMPANY = { realmId: '4620816365180443', name: 'Riverside Books Co.' };

export async function startFakeProviders(): Promise<{ env: Record<string, string>; smtpPort: number; mailboxUrl: string; textsUrl: string; close(): Promise<void> }> {
  const [sendgrid, stripe, smtp, intuit, twilio] = await Promise.all([
    startFakeSendgrid({ [FAKE_KEYS.sendgrid]: ['mail.send'] }),
    startFakeStripe([FAKE_KEYS.stripeSecret]),
    startFakeSmtp({ [FAKE_KEYS.smtp.user]: FAKE_KEYS.smtp.password }),
    startFakeQuickbooks({ [FAKE_KEYS.quickbooksClientId]: FAKE_KEYS.quickbooksClientSecret }, [FAKE_QUICKBOOKS_COMPANY]),
    startFakeTwilio({ [FAKE_KEYS.twilio.accountSid]: FAKE_KEYS.twilio.authToken }),
  ]);
  // What the mail server received, for the tests to read the portal's own emails (codes, links).
  const mailbox = await startMailbox(smtp);
  // What the fake Twilio was asked to text, for the tests to check a reply went out once.
  const texts = await startTextLog(twilio);
  return {
    env: {
      SENDGRID_API_URL: sendgrid.url,
      STRIPE_API_URL: stripe.url,
      SMTP_URL: smtp.url,
      // Intuit's consent page, token, revocation and accounting hosts are all the one fake.
      QUICKBOOKS_AUTHORIZE_URL: intuit.url,
      QUICKBOOKS_OAUTH_URL: intuit.url,
      QUICKBOOKS_REVOKE_URL: intuit.url,
      QUICKBOOKS_API_URL: intuit.url,
      QUICKBOOKS_SANDBOX_API_URL: intuit.url,
      TWILIO_API_URL: twilio.url,
      // The locations' SMTP settings name the fake mail server on loopback, which addresses a
      // practice enters may reach only where the operator allows it (decision 0145).
      OUTBOUND_ALLOWED_NETWORKS: 'loopback',
    },
    smtpPort: smtp.port,
    mailboxUrl: mailbox.url,
    textsUrl: texts.url,
    close: async () => {
      await Promise.all([sendgrid.close(), stripe.close(), smtp.close(), intuit.close(), twilio.close(), mailbox.close(), texts.close()]);
    },
  };
}
