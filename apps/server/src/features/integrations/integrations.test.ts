import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { INTEGRATION_MESSAGES, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_MESSAGES } from '@willow/contracts';
import {
  createAccount,
  createLoggedApp,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { startFakeGoogle, startFakeQuickbooksOauth, type FakeOauth } from '../../../test/fakes/fake-oauth.js';
import { startFakePartner, type FakePartner } from '../../../test/fakes/fake-partner.js';
import { startFakeSendgrid, type FakeSendgrid } from '../../../test/fakes/fake-sendgrid.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/fake-smtp.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/fake-stripe.js';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fakes/fake-twilio.js';
import { startHttpFake } from '../../../test/fakes/http-fake.js';

const PUBLIC_URL = 'https://portal.practice.example';
const SENDGRID_KEY = 'SG.right-key-accepted-by-sendgrid';
const STRIPE_KEY = 'sk_test_right-key-accepted-by-stripe';
const TWILIO_SID = `AC${'a1'.repeat(16)}`;
const TWILIO_TOKEN = 'twilio-right-token';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
let manager: Client;
let sendgrid: FakeSendgrid;
let stripe: FakeStripe;
let twilio: FakeTwilio;
let smtp: FakeSmtp;
let partner: FakePartner;
let google: FakeOauth;
let quickbooks: FakeOauth;

beforeAll(async () => {
  [sendgrid, stripe, twilio, smtp, partner, google, quickbooks] = await Promise.all([
    startFakeSendgrid({ [SENDGRID_KEY]: ['mail.send', 'user.profile.read'], 'SG.read-only-key': ['user.profile.read'] }),
    startFakeStripe([STRIPE_KEY]),
    startFakeTwilio({ [TWILIO_SID]: TWILIO_TOKEN }),
    startFakeSmtp({ mailer: 'smtp-right-password' }),
    startFakePartner({ 'orders@practice.example': 'partner-right-password' }),
    startFakeGoogle({ 'google-client': 'google-right-secret' }),
    startFakeQuickbooksOauth({ 'qb-client': 'qb-right-secret' }),
  ]);
  ctx = await createTestApp({
    providers: { sendgrid: sendgrid.url, stripe: stripe.url, twilio: twilio.url, googleOauth: google.url, quickbooksOauth: quickbooks.url, publicUrl: PUBLIC_URL },
  });
  practice = await createAccount(ctx);
  other = await createAccount(ctx);
  manager = await createUser(ctx, practice, ['locations.manage']);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([sendgrid, stripe, twilio, smtp, partner, google, quickbooks].map((f) => f?.close()));
});

/** A location of its own for a test (one integration per service and location). */
async function newLocation(account: TestAccount = practice): Promise<string> {
  const res = await account.admin.call(api.createLocation, { body: { data: { name: `Branch ${randomUUID().slice(0, 8)}`, timezone: 'UTC' } } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as api.Location).id;
}

async function create(data: Record<string, unknown>, client: Client = manager) {
  return client.call(api.createIntegration, { body: { data } });
}
async function created(data: Record<string, unknown>, client: Client = manager): Promise<api.Integration> {
  const res = await create(data, client);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Integration;
}
const rawRow = async (id: string) => {
  const [row] = await ctx.database.query<Record<string, unknown>>(`select * from integrations where id = '${id}'`);
  return row;
};
const test = (id: string, client: Client = manager) => client.call(api.testIntegration, { params: { id } });

describe('POST /api/integrations', () => {
  it('sets up a service for a location; the answer shows that a secret is set, never the secret', async () => {
    const locationId = await newLocation();
    const res = await create({ locationId, service: 'sendgrid', privateKey: SENDGRID_KEY, settings: { fromEmail: 'Front@Practice.example', fromName: 'Riverside' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      locationId,
      service: 'sendgrid',
      publicKey: null,
      privateKeySet: true,
      settings: { fromEmail: 'front@practice.example', fromName: 'Riverside' },
      connected: false,
      lastCheck: null,
      addresses: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain('right-key');
  });

  it('keeps the secret encrypted: the stored row does not contain it', async () => {
    const locationId = await newLocation();
    const integration = await created({ locationId, service: 'stripe', publicKey: 'pk_test_visible', privateKey: 'sk_test_never-in-clear-text' });
    const row = await rawRow(integration.id);
    expect(row?.public_key).toBe('pk_test_visible');
    expect(String(row?.sealed_secrets)).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('never-in-clear-text');
    const listed = await manager.call(api.listIntegrations, { query: { locationId } });
    expect(listed.body).not.toContain('never-in-clear-text');
  });

  it.each([
    [{ service: 'sendgrid', privateKey: 'not-a-key', settings: { fromEmail: 'a@b.example' } }, 'privateKey: must start with SG.'],
    [{ service: 'sendgrid', privateKey: SENDGRID_KEY, settings: { fromEmail: 'nope' } }, 'settings.fromEmail: must be a valid email address'],
    [{ service: 'stripe', publicKey: 'xk_test', privateKey: 'sk_test_x' }, 'publicKey: must start with pk'],
    [{ service: 'stripe', publicKey: 'pk_test', privateKey: 'pk_test_x' }, 'privateKey: must start with sk or rk'],
    [{ service: 'memorialPartner2', publicKey: '', privateKey: 'pw' }, 'publicKey: is required'],
    [{ service: 'memorialPartner3', publicKey: 'user', privateKey: '  ' }, 'privateKey: is required'],
    [{ service: 'twilio', publicKey: 'AC123', privateKey: 'tok', settings: { fromNumber: '+15551234567' } }, 'publicKey: must start with AC followed by 32 letters and digits'],
    [{ service: 'stripeWebhook', publicKey: 'we_1', privateKey: 'whsec_1' }, 'service: must be one of the integration services'],
    // the partner's name is a name field (SPEC §5)
    [{ service: 'memorialPartner1', publicKey: 'user', privateKey: 'pw', settings: { name: 'Paws & Peace' } }, api.MESSAGES.ampersand],
  ])('refuses %j with the field’s message', async (data, message) => {
    const res = await create({ locationId: practice.locationId, ...data });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('refuses a second integration of a service at a location, also when two requests race', async () => {
    const locationId = await newLocation();
    const data = { locationId, service: 'google', publicKey: 'client', privateKey: 'secret' };
    const [a, b] = await Promise.all([create(data), create(data)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(errorOf(a.statusCode === 409 ? a : b)).toBe(INTEGRATION_MESSAGES.exists);
    const again = await create(data);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(INTEGRATION_MESSAGES.exists);
    // Another location may have its own.
    expect((await create({ ...data, locationId: await newLocation() })).statusCode).toBe(201);
  });

  it("answers 404 for another account's location, and 403 without locations.manage", async () => {
    const res = await create({ locationId: other.locationId, service: 'google', publicKey: 'c', privateKey: 's' });
    expect(res.statusCode).toBe(404);
    const staff = await createUser(ctx, practice, ['users.manage']);
    expect((await create({ locationId: practice.locationId, service: 'google', publicKey: 'c', privateKey: 's' }, staff)).statusCode).toBe(403);
  });
});

describe('GET /api/integrations', () => {
  it("lists a location's integrations; another account's location is not found; staff without the permission are refused", async () => {
    const locationId = await newLocation();
    await created({ locationId, service: 'memorialPartner1', publicKey: 'orders@practice.example', privateKey: 'pw', settings: { name: 'Rainbow Bridge' } });
    await created({ locationId, service: 'google', publicKey: 'client', privateKey: 'secret' });
    const res = await manager.call(api.listIntegrations, { query: { locationId } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as api.Integration[];
    expect(list.map((i) => i.service)).toEqual(['google', 'memorialPartner1']);
    expect(list[1]?.settings).toEqual({ name: 'Rainbow Bridge', apiUrl: null });
    expect((await manager.call(api.listIntegrations, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    const staff = await createUser(ctx, practice, []);
    expect((await staff.call(api.listIntegrations, { query: { locationId } })).statusCode).toBe(403);
  });

  it('every location answer says which services it has set up', async () => {
    const locationId = await newLocation();
    await created({ locationId, service: 'google', publicKey: 'client', privateKey: 'secret' });
    await created({ locationId, service: 'stripe', publicKey: 'pk_test_1', privateKey: 'sk_test_1' });
    const expected = [
      { service: 'google', locationId, working: false },
      { service: 'stripe', locationId, working: false },
    ];
    const got = (await practice.admin.call(api.getLocation, { params: { id: locationId } })).json() as api.Location;
    expect(got.integrations).toEqual(expected);
    const list = (await practice.admin.call(api.listLocations)).json() as api.Location[];
    expect(list.find((l) => l.id === locationId)?.integrations).toEqual(expected);
    const updated = await practice.admin.call(api.updateLocation, { params: { id: locationId }, body: { data: { phone: '555 0100' } } });
    expect((updated.json() as api.Location).integrations).toEqual(expected);
  });

  it('every location answer says whether each integration works: its last check succeeded', async () => {
    const locationId = await newLocation();
    const sendgridIntegration = await created({ locationId, service: 'sendgrid', privateKey: SENDGRID_KEY, settings: { fromEmail: 'front@practice.example' } });
    const working = async () => ((await practice.admin.call(api.getLocation, { params: { id: locationId } })).json() as api.Location).integrations[0]?.working;
    expect(await working()).toBe(false);
    const scope = { accountId: practice.accountId };
    await ctx.app.container.integrations.recordCheck(scope, sendgridIntegration.id, { ok: true, message: null });
    expect(await working()).toBe(true);
    await ctx.app.container.integrations.recordCheck(scope, sendgridIntegration.id, { ok: false, message: 'Invalid API Key provided' });
    expect(await working()).toBe(false);
  });
});

describe('the addresses staff give a provider', () => {
  it('Twilio: where the number forwards texts, naming the account and location; QuickBooks and Google: their redirect URIs', async () => {
    const locationId = await newLocation();
    const twilioIntegration = await created({ locationId, service: 'twilio', publicKey: TWILIO_SID, privateKey: TWILIO_TOKEN, settings: { fromNumber: '+15551234567' } });
    const [address] = twilioIntegration.addresses;
    const url = new URL(address!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/communications/twilio/inbound`);
    expect(url.searchParams.get('account')).toBe(practice.accountId);
    expect(url.searchParams.get('location')).toBe(locationId);
    const qb = await created({ locationId, service: 'quickbooks', publicKey: 'qb-client', privateKey: 'qb-secret', settings: { environment: 'sandbox' } });
    expect(qb.addresses.map((a) => a.url)).toEqual([`${PUBLIC_URL}/api/quickbooks/callback`]);
    const google = await created({ locationId, service: 'google', publicKey: 'g-client', privateKey: 'g-secret' });
    expect(google.addresses.map((a) => a.url)).toEqual([`${PUBLIC_URL}/api/auth/google/callback`]);
    // The list answers them too.
    const list = await manager.call(api.listIntegrations, { query: { locationId } });
    expect((list.json() as api.Integration[]).find((i) => i.service === 'twilio')?.addresses).toEqual(twilioIntegration.addresses);
  });
});

describe('POST /api/integrations/{id}', () => {
  it('keeps the stored private key when the update leaves it empty, and replaces it when one is typed', async () => {
    const locationId = await newLocation();
    const integration = await created({ locationId, service: 'twilio', publicKey: TWILIO_SID, privateKey: TWILIO_TOKEN, settings: { fromNumber: '+15551234567' } });
    const kept = await manager.call(api.updateIntegration, {
      params: { id: integration.id },
      body: { data: { service: 'twilio', privateKey: '', settings: { fromNumber: '+15557654321' } } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ privateKeySet: true, publicKey: TWILIO_SID, settings: { fromNumber: '+15557654321' } });
    expect((await test(integration.id)).json()).toMatchObject({ ok: true });

    const replaced = await manager.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'twilio', privateKey: 'a-new-token' } } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain('a-new-token');
    // The new token is the one used now (and refused by the provider).
    expect((await test(integration.id)).json()).toMatchObject({ ok: false });
  });

  it('refuses a change of service, the service’s rules, other accounts and staff without the permission', async () => {
    const locationId = await newLocation();
    const integration = await created({ locationId, service: 'stripe', publicKey: 'pk_test_1', privateKey: 'sk_test_1' });
    const wrongService = await manager.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'google', publicKey: 'x' } } });
    expect(wrongService.statusCode).toBe(400);
    const badKey = await manager.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'stripe', privateKey: 'nope' } } });
    expect(errorOf(badKey)).toBe('privateKey: must start with sk or rk');
    const foreign = await other.admin.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'stripe', publicKey: 'pk_x' } } });
    expect(foreign.statusCode).toBe(404);
    const staff = await createUser(ctx, practice, []);
    expect((await staff.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'stripe', publicKey: 'pk_x' } } })).statusCode).toBe(403);
  });
});

describe('DELETE /api/integrations/{id}', () => {
  it('removes an integration and its secrets; another account’s is not found', async () => {
    const locationId = await newLocation();
    const integration = await created({ locationId, service: 'google', publicKey: 'client', privateKey: 'secret' });
    expect((await other.admin.call(api.deleteIntegration, { params: { id: integration.id } })).statusCode).toBe(404);
    const staff = await createUser(ctx, practice, []);
    expect((await staff.call(api.deleteIntegration, { params: { id: integration.id } })).statusCode).toBe(403);
    const res = await manager.call(api.deleteIntegration, { params: { id: integration.id } });
    expect(res.statusCode).toBe(200);
    expect(await rawRow(integration.id)).toBeUndefined();
    expect((await manager.call(api.deleteIntegration, { params: { id: integration.id } })).statusCode).toBe(404);
    // The service can be set up again.
    expect((await create({ locationId, service: 'google', publicKey: 'client', privateKey: 'secret' })).statusCode).toBe(201);
  });
});

describe('POST /api/integrations/{id}/test', () => {
  /** Sets up `wrong`, tests it (refused), then changes to `right` and tests again (accepted). */
  async function wrongThenRight(wrong: Record<string, unknown>, right: Record<string, unknown>, secretOfWrong: string) {
    const locationId = await newLocation();
    const integration = await created({ locationId, ...wrong });
    const refused = await test(integration.id);
    expect(refused.statusCode, refused.body).toBe(200);
    const check = refused.json() as api.IntegrationCheck;
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(new RegExp(`^${INTEGRATION_MESSAGES.notSetUpCorrectly.replace(/\./g, '\\.')} `));
    expect(refused.body).not.toContain(secretOfWrong);
    expect((await manager.call(api.listIntegrations, { query: { locationId } })).json()[0].lastCheck).toEqual(check);

    const updated = await manager.call(api.updateIntegration, { params: { id: integration.id }, body: { data: right } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as api.Integration).lastCheck).toBeNull();
    const accepted = await test(integration.id);
    expect(accepted.json(), accepted.body).toMatchObject({ ok: true, message: expect.any(String), at: expect.any(String) });
    expect((await manager.call(api.listIntegrations, { query: { locationId } })).json()[0].lastCheck).toEqual(accepted.json());
    return check;
  }

  it('SendGrid: a key SendGrid refuses, then the right one', async () => {
    const check = await wrongThenRight(
      { service: 'sendgrid', privateKey: 'SG.wrong-key-sendgrid-refuses', settings: { fromEmail: 'front@practice.example' } },
      { service: 'sendgrid', privateKey: SENDGRID_KEY },
      'wrong-key-sendgrid-refuses',
    );
    expect(check.message).toContain('The provided authorization grant is invalid');
    expect(sendgrid.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SENDGRID_KEY}`);
  });

  it('SendGrid: a key without the permission to send mail is refused', async () => {
    const integration = await created({ locationId: await newLocation(), service: 'sendgrid', privateKey: 'SG.read-only-key', settings: { fromEmail: 'a@b.example' } });
    expect((await test(integration.id)).json()).toMatchObject({ ok: false, message: expect.stringContaining('mail.send') });
  });

  it('Stripe: a secret key Stripe refuses (its answer echoing the key is cut), then the right one', async () => {
    const check = await wrongThenRight(
      { service: 'stripe', publicKey: 'pk_test_public', privateKey: 'sk_test_wrong-key-stripe-refuses' },
      { service: 'stripe', privateKey: STRIPE_KEY },
      'wrong-key-stripe-refuses',
    );
    expect(check.message).toContain('Invalid API Key provided');
  });

  it('Stripe: a test publishable key with a live secret key is refused before Stripe is asked', async () => {
    const integration = await created({ locationId: await newLocation(), service: 'stripe', publicKey: 'pk_test_1', privateKey: 'sk_live_1' });
    const before = stripe.requests.length;
    expect((await test(integration.id)).json()).toMatchObject({ ok: false, message: expect.stringContaining('test key and the secret key a live key') });
    expect(stripe.requests.length).toBe(before);
  });

  it('Twilio: an auth token Twilio refuses, then the right one', async () => {
    await wrongThenRight(
      { service: 'twilio', publicKey: TWILIO_SID, privateKey: 'twilio-wrong-token', settings: { fromNumber: '+15551234567' } },
      { service: 'twilio', privateKey: TWILIO_TOKEN },
      'twilio-wrong-token',
    );
  });

  it('SMTP: a password the mail server refuses, then the right one', async () => {
    const check = await wrongThenRight(
      {
        service: 'smtp',
        publicKey: 'mailer',
        privateKey: 'smtp-wrong-password',
        settings: { host: smtp.host, port: smtp.port, security: 'none', fromEmail: 'front@practice.example' },
      },
      { service: 'smtp', privateKey: 'smtp-right-password' },
      'smtp-wrong-password',
    );
    expect(check.message).toContain('535');
  });

  it('memorial partner: without an API address it says it cannot be tested; with one, a wrong then the right password', async () => {
    const integration = await created({ locationId: await newLocation(), service: 'memorialPartner1', publicKey: 'orders@practice.example', privateKey: 'pw' });
    const untestable = await test(integration.id);
    expect(untestable.json()).toMatchObject({ ok: false, message: expect.stringContaining('cannot be tested') });
    expect((await manager.call(api.listIntegrations, { query: { locationId: integration.locationId } })).json()[0].lastCheck).toBeNull();

    await wrongThenRight(
      { service: 'memorialPartner2', publicKey: 'orders@practice.example', privateKey: 'partner-wrong-password', settings: { apiUrl: `${partner.url}/api` } },
      { service: 'memorialPartner2', privateKey: 'partner-right-password' },
      'partner-wrong-password',
    );
  });

  it('Google: a client secret Google refuses, then the right one (a made-up code answered invalid_grant)', async () => {
    await wrongThenRight(
      { service: 'google', publicKey: 'google-client', privateKey: 'google-wrong-secret' },
      { service: 'google', privateKey: 'google-right-secret' },
      'google-wrong-secret',
    );
  });

  it('QuickBooks: the client id and secret checked at Intuit’s token endpoint', async () => {
    await wrongThenRight(
      { service: 'quickbooks', publicKey: 'qb-client', privateKey: 'qb-wrong-secret', settings: { environment: 'sandbox' } },
      { service: 'quickbooks', privateKey: 'qb-right-secret' },
      'qb-wrong-secret',
    );
  });

  it('a provider that cannot be reached is said so, without blaming the credentials', async () => {
    const integration = await created({
      locationId: await newLocation(),
      service: 'memorialPartner1',
      publicKey: 'orders@practice.example',
      privateKey: 'pw',
      settings: { apiUrl: 'http://127.0.0.1:9/api' },
    });
    const check = (await test(integration.id)).json() as api.IntegrationCheck;
    expect(check.ok).toBe(false);
    expect(check.message).toContain('could not be reached');
  });

  it("another account's integration is not found; staff without the permission are refused", async () => {
    const integration = await created({ locationId: await newLocation(), service: 'google', publicKey: 'google-client', privateKey: 'google-right-secret' });
    expect((await test(integration.id, other.admin)).statusCode).toBe(404);
    expect((await test(integration.id, await createUser(ctx, practice, []))).statusCode).toBe(403);
  });
});

describe('addresses a practice enters: a partner’s API and a mail server (decision 0145)', () => {
  it('a partner answering anything but success is told by its status: its body never reaches staff', async () => {
    const talkative = await startHttpFake([
      ['GET', '/refuses', () => ({ status: 401, body: { message: 'INTERNAL-401-BODY' } })],
      ['GET', '/fails', () => ({ status: 500, body: { error: 'INTERNAL-500-BODY' } })],
      ['GET', '/moves', () => ({ status: 302, body: 'INTERNAL-302-BODY', headers: { location: `${partner.url}/api` } })],
    ]);
    try {
      const checkOf = async (path: string) => {
        const integration = await created({
          locationId: await newLocation(),
          service: 'memorialPartner1',
          publicKey: 'orders@practice.example',
          privateKey: 'partner-right-password',
          settings: { apiUrl: `${talkative.url}${path}` },
        });
        const res = await test(integration.id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain('INTERNAL');
        return res.json() as api.IntegrationCheck;
      };
      expect(await checkOf('/refuses')).toMatchObject({ ok: false, message: `${INTEGRATION_MESSAGES.notSetUpCorrectly} The partner refused the user name and password (it answered 401).` });
      expect(await checkOf('/fails')).toMatchObject({ ok: false, message: 'The partner’s API address answered 500. Check the address.' });
      // The redirect is not followed: the partner fake it points at is never asked.
      const asked = partner.requests.length;
      expect((await checkOf('/moves')).message).toContain('answered 302, a redirect, which is not followed');
      expect(partner.requests.length).toBe(asked);
    } finally {
      await talkative.close();
    }
  });

  describe('without OUTBOUND_ALLOWED_NETWORKS', () => {
    let guarded: TestContext;
    let admin: Client;
    let locationId: string;
    beforeAll(async () => {
      guarded = await createTestApp({ outboundAllowedNetworks: [] });
      const account = await createAccount(guarded);
      admin = account.admin;
      locationId = account.locationId;
    });
    afterAll(async () => {
      await guarded?.close();
    });

    const tested = async (data: Record<string, unknown>) => {
      const made = await admin.call(api.createIntegration, { body: { data: { locationId, ...data } } });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as api.Integration).id;
      const res = await admin.call(api.testIntegration, { params: { id } });
      expect(res.statusCode, res.body).toBe(200);
      await admin.call(api.deleteIntegration, { params: { id } });
      return res.json() as api.IntegrationCheck;
    };

    it.each(['http://127.0.0.1:{port}/api', 'http://localhost:{port}/api', 'http://[::1]:{port}/api', 'http://[::ffff:127.0.0.1]:{port}/api', 'http://0.0.0.0:{port}/api', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/api'])(
      'a partner API address of %s is refused, and nothing is asked there',
      async (pattern) => {
        const asked = partner.requests.length;
        const check = await tested({
          service: 'memorialPartner1',
          publicKey: 'orders@practice.example',
          privateKey: 'partner-right-password',
          settings: { apiUrl: pattern.replace('{port}', new URL(partner.url).port) },
        });
        expect(check.ok).toBe(false);
        expect(check.message).toMatch(/^The partner’s API address cannot be used: .+ is a private or local network address\. The portal connects only to addresses on the internet\.$/);
        expect(partner.requests.length).toBe(asked);
      },
    );

    it.each(['127.0.0.1', 'localhost', '::1', '192.168.1.25'])('a mail server at %s is refused before any connection', async (host) => {
      const check = await tested({
        service: 'smtp',
        publicKey: 'mailer',
        privateKey: 'smtp-right-password',
        settings: { host, port: smtp.port, security: 'none', fromEmail: 'front@practice.example' },
      });
      expect(check.ok).toBe(false);
      expect(check.message).toContain('is a private or local network address');
      expect(check.message).not.toContain('accepted');
    });
  });
});

describe('the card payment webhook', () => {
  it('needs the location’s Stripe integration, then registers the endpoint with Stripe and keeps its signing secret sealed', async () => {
    const locationId = await newLocation();
    const register = () => manager.call(api.createStripeWebhook, { body: { data: { locationId } } });
    const missing = await register();
    expect(missing.statusCode).toBe(409);
    expect(errorOf(missing)).toBe(INTEGRATION_MESSAGES.notSetUp);

    await created({ locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: STRIPE_KEY });
    const res = await register();
    expect(res.statusCode, res.body).toBe(201);
    const webhook = res.json() as api.Integration;
    const endpoint = stripe.endpoints.get(webhook.publicKey!)!;
    expect(endpoint.url).toBe(`${PUBLIC_URL}/api/integrations/stripe/webhook/${locationId}`);
    expect(endpoint.enabled_events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    expect(webhook).toMatchObject({ service: 'stripeWebhook', locationId, privateKeySet: false, settings: { url: endpoint.url } });
    expect(res.body).not.toContain(endpoint.secret);
    expect(JSON.stringify(await rawRow(webhook.id))).not.toContain(endpoint.secret);
    expect((await test(webhook.id)).json()).toMatchObject({ ok: true });

    // Registering again replaces it, here and at Stripe.
    const again = (await register()).json() as api.Integration;
    expect(again.publicKey).not.toBe(webhook.publicKey);
    expect(stripe.endpoints.has(webhook.publicKey!)).toBe(false);
    expect(stripe.endpoints.has(again.publicKey!)).toBe(true);
    const services = (await manager.call(api.listIntegrations, { query: { locationId } })).json().map((i: api.Integration) => i.service);
    expect(services).toEqual(['stripe', 'stripeWebhook']);

    // Removing it here removes it at Stripe: no endpoint keeps calling a portal that cannot check it.
    expect((await manager.call(api.deleteIntegration, { params: { id: again.id } })).statusCode).toBe(200);
    expect(stripe.endpoints.has(again.publicKey!)).toBe(false);
  });

  it('a secret key Stripe refuses answers that the integration is not set up correctly, without the key', async () => {
    const locationId = await newLocation();
    await created({ locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: 'sk_test_refused-at-registration' });
    const res = await manager.call(api.createStripeWebhook, { body: { data: { locationId } } });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatch(new RegExp(`^${INTEGRATION_MESSAGES.notSetUpCorrectly.replace(/\./g, '\\.')}`));
    expect(res.body).not.toContain('refused-at-registration');
  });

  it("refuses another account's location and staff without the permission", async () => {
    expect((await manager.call(api.createStripeWebhook, { body: { data: { locationId: other.locationId } } })).statusCode).toBe(404);
    const staff = await createUser(ctx, practice, []);
    expect((await staff.call(api.createStripeWebhook, { body: { data: { locationId: practice.locationId } } })).statusCode).toBe(403);
  });

  it('receives events with a valid signature, each once however often Stripe delivers it; a bad signature is refused', async () => {
    const locationId = await newLocation();
    await created({ locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: STRIPE_KEY });
    const webhook = (await manager.call(api.createStripeWebhook, { body: { data: { locationId } } })).json() as api.Integration;
    const deliver = (body: string, signature: string, at = locationId) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/integrations/stripe/webhook/${at}`,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload: body,
      });
    const event = stripe.signedEvent(webhook.publicKey!, { type: 'payment_intent.succeeded', object: { id: 'pi_123', object: 'payment_intent', amount: 4500, currency: 'usd' } });

    const first = await deliver(event.body, event.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await deliver(event.body, event.signature)).statusCode).toBe(200);
    const rows = await ctx.database.query<{ type: string; payload: { amount: number } }>(`select type, payload from stripe_events where location_id = '${locationId}'`);
    expect(rows).toEqual([{ type: 'payment_intent.succeeded', payload: expect.objectContaining({ id: 'pi_123', amount: 4500 }) }]);

    // The body changed after signing, a signature with another secret, none at all.
    const tampered = await deliver(event.body.replace('4500', '1'), event.signature);
    expect(tampered.statusCode).toBe(400);
    expect(errorOf(tampered)).toBe(STRIPE_WEBHOOK_MESSAGES.badSignature);
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await deliver(event.body, forged)).statusCode).toBe(400);
    expect((await deliver(event.body, '')).statusCode).toBe(400);
    // Another location's secret does not sign for this one; a location without a webhook is not found.
    expect((await deliver(event.body, event.signature, await newLocation())).statusCode).toBe(404);
    expect((await deliver(event.body, event.signature, randomUUID())).statusCode).toBe(404);
    expect((await ctx.database.query(`select 1 from stripe_events where location_id = '${locationId}'`)).length).toBe(1);
  });

  it('says so when the portal has no public address to give Stripe', async () => {
    const bare = await createTestApp({ providers: { stripe: stripe.url } });
    try {
      const account = await createAccount(bare);
      const res = await account.admin.call(api.createIntegration, {
        body: { data: { locationId: account.locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: STRIPE_KEY } },
      });
      expect(res.statusCode).toBe(201);
      const webhook = await account.admin.call(api.createStripeWebhook, { body: { data: { locationId: account.locationId } } });
      expect(webhook.statusCode).toBe(409);
      expect(errorOf(webhook)).toBe(STRIPE_WEBHOOK_MESSAGES.noPublicUrl);
    } finally {
      await bare.close();
    }
  });
});

describe('an update leaving fields out', () => {
  it('keeps the stored public part and settings', async () => {
    const locationId = await newLocation();
    const integration = await created({
      locationId,
      service: 'smtp',
      publicKey: 'mailer',
      privateKey: 'pw',
      settings: { host: 'mail.practice.example', port: 587, security: 'starttls', fromEmail: 'front@practice.example' },
    });
    const res = await manager.call(api.updateIntegration, { params: { id: integration.id }, body: { data: { service: 'smtp', privateKey: 'new-pw' } } });
    expect(res.json()).toMatchObject({ publicKey: 'mailer', settings: integration.settings, privateKeySet: true });
  });
});

describe('secrets and the logs', () => {
  it('no secret reaches the log, on the paths where providers refuse and requests fail', async () => {
    const logged = await createLoggedApp(ctx, {
      sendgrid: sendgrid.url,
      stripe: stripe.url,
      twilio: twilio.url,
      quickbooksOauth: quickbooks.url,
      googleOauth: google.url,
      publicUrl: PUBLIC_URL,
    });
    try {
      const user = await createUser(ctx, practice, ['locations.manage']);
      const staff = await signIn(logged, user.email);
      const locationId = await newLocation();
      const secrets = ['sk_test_secret-for-the-log-test', 'SG.secret-for-the-log-test', 'google-secret-for-the-log-test'];
      const stripeId = (
        await staff.call(api.createIntegration, { body: { data: { locationId, service: 'stripe', publicKey: 'pk_test_1', privateKey: secrets[0] } } })
      ).json().id;
      const sendgridId = (
        await staff.call(api.createIntegration, {
          body: { data: { locationId, service: 'sendgrid', privateKey: secrets[1], settings: { fromEmail: 'a@b.example' } } },
        })
      ).json().id;
      const googleId = (
        await staff.call(api.createIntegration, { body: { data: { locationId, service: 'google', publicKey: 'google-client', privateKey: secrets[2] } } })
      ).json().id;
      for (const id of [stripeId, sendgridId, googleId]) expect((await staff.call(api.testIntegration, { params: { id } })).json().ok).toBe(false);
      expect((await staff.call(api.createStripeWebhook, { body: { data: { locationId } } })).statusCode).toBe(422);
      const update = await staff.call(api.updateIntegration, { params: { id: sendgridId }, body: { data: { service: 'sendgrid', privateKey: 'SG.another-secret-for-the-log' } } });
      expect(update.statusCode).toBe(200);
      const refusedUpdate = await staff.call(api.updateIntegration, { params: { id: stripeId }, body: { data: { service: 'stripe', privateKey: 'not-a-stripe-secret-for-the-log' } } });
      expect(refusedUpdate.statusCode).toBe(400);
      expect(logged.lines.length).toBeGreaterThan(10);
      const log = logged.lines.join('');
      for (const secret of [...secrets, 'another-secret-for-the-log', 'not-a-stripe-secret-for-the-log', 'secret-for-the-log-test']) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
