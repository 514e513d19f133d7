// "Continue with Google" against a fake OpenID provider on loopback: the practice adds the Google
// client as an integration, and a person on the sign-in page types their address (which picks
// their practice's client) and goes to the provider's page, picks
// their account and lands in the portal signed in. A person whose Google address has no user
// comes back to the sign-in page told so. This file starts a server of its own, whose Google
// issuer is the fake.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { startFakeOidc, type FakeOidc } from '../apps/server/test/fakes/fake-oidc.ts';
import { DESKTOP, launch } from './browser.ts';
import { apiSignIn, json, LAKESIDE, locationNamed, OWNER, OWNER_NAME } from './clinic.ts';
import { mainNav, pathOf } from './helpers.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const CLIENT_ID = 'e2e-portal.apps.googleusercontent.test';
const CLIENT_SECRET = 'e2e-google-client-secret';

let google: FakeOidc;
let server: ServerProcess | undefined;
let baseURL: string;
let browser: Browser;

beforeAll(async () => {
  google = await startFakeOidc({ [CLIENT_ID]: CLIENT_SECRET }, { email: OWNER, emailVerified: true, sub: 'owner-google-sub' });
  server = await startServer((base) => ({ GOOGLE_ISSUER_URL: google.url, PUBLIC_URL: base }), 'willow-e2e-google-');
  baseURL = server.baseUrl;
  browser = await launch();

  // The practice's owner sets Google sign-in up as an integration of a location.
  const setup = await browser.newContext({ baseURL });
  try {
    await apiSignIn(setup);
    const location = await locationNamed(setup, LAKESIDE);
    await json(
      await setup.request.post('/api/integrations', {
        data: { data: { locationId: location.id, service: 'google', publicKey: CLIENT_ID, privateKey: CLIENT_SECRET, settings: {} } },
      }),
      'add the Google integration',
    );
  } finally {
    await setup.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

/**
 * On the sign-in page, the address typed, "Continue with Google", then the provider's own page.
 * The address picks the client: the owner's practice's own (docs/decisions/0144).
 */
async function toGoogle(page: Page, path = '/login', email = OWNER) {
  await page.goto(path);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${google.url}/authorize`));
}

describe('Google sign-in', () => {
  it('signs in the person Google names, from the sign-in page, landing where they were going', async () => {
    google.user = { email: OWNER, emailVerified: true, sub: 'owner-google-sub' };
    const { context, page } = await freshPage();
    try {
      await toGoogle(page, '/clients');
      await page.getByRole('button', { name: `Continue as ${OWNER}` }).click();
      await page.waitForURL((url) => url.origin === baseURL && url.pathname === '/clients');
      await expect.poll(() => mainNav(page).isVisible()).toBe(true);
      const profile = await json<{ email: string; firstName: string; lastName: string }>(await context.request.get('/api/profile'), 'profile');
      expect(profile.email).toBe(OWNER);
      expect(`${profile.firstName} ${profile.lastName}`).toBe(OWNER_NAME);
      // What Google was asked: the practice's own client, its callback, PKCE and a nonce.
      const asked = google.authorizations.at(-1)!;
      expect(asked.get('client_id')).toBe(CLIENT_ID);
      expect(asked.get('redirect_uri')).toBe(`${baseURL}/api/auth/google/callback`);
      expect(asked.get('code_challenge_method')).toBe('S256');
      expect(asked.get('nonce')).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  // The owner's address typed, another account picked at Google.
  it('brings a person whose Google address has no user back to the sign-in page, saying so', async () => {
    google.user = { email: 'stranger@example.test', emailVerified: true, sub: 'stranger-sub' };
    const { context, page } = await freshPage();
    try {
      await toGoogle(page);
      await page.getByRole('button', { name: 'Continue as stranger@example.test' }).click();
      await page.waitForURL((url) => url.origin === baseURL && url.pathname === '/login');
      await expect.poll(() => page.getByText(SIGN_IN_MESSAGES.googleNoUser).isVisible()).toBe(true);
      expect(pathOf(page)).toBe('/login');
      expect((await context.cookies()).some((c) => c.name === 'x-access-token')).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('says so when the person cancels at Google', async () => {
    google.user = { email: OWNER, emailVerified: true, sub: 'owner-google-sub' };
    const { context, page } = await freshPage();
    try {
      await toGoogle(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.origin === baseURL && url.pathname === '/login');
      await expect.poll(() => page.getByText(SIGN_IN_MESSAGES.googleCancelled).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
