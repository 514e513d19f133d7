// The providers the browser tests' server talks to: local fakes of SendGrid and Stripe that know
// only these keys, started by the global setup and named to the server through its environment.
import { startFakeSendgrid } from '../apps/server/test/fakes/fake-sendgrid.ts';
import { startFakeStripe } from '../apps/server/test/fakes/fake-stripe.ts';

export const FAKE_KEYS = {
  sendgrid: 'SG.e2e-key-the-fake-sendgrid-accepts',
  stripeSecret: 'sk_test_e2e-key-the-fake-stripe-accepts',
} as const;

export async function startFakeProviders(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const [sendgrid, stripe] = await Promise.all([startFakeSendgrid({ [FAKE_KEYS.sendgrid]: ['mail.send'] }), startFakeStripe([FAKE_KEYS.stripeSecret])]);
  return {
    env: { SENDGRID_API_URL: sendgrid.url, STRIPE_API_URL: stripe.url },
    close: async () => {
      await Promise.all([sendgrid.close(), stripe.close()]);
    },
  };
}
