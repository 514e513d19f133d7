// The help widget and analytics configured, against fakes of their providers on loopback. The
// widget (region eu, identity verification on) loads after sign-in with the staff member's
// identity, Help › Help Center opens it, and when its script cannot load the documentation link
// opens instead. Page views reach the fake analytics host through /ph by route template only,
// without cookies. This file starts a server of its own, since the shared one runs with neither.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, launch } from './browser.ts';
import { apiCreateClient, OWNER, OWNER_NAME } from './clinic.ts';
import { mainNav, navEntry, navSection, pathOf, unique } from './helpers.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const APP_ID = 'wfake123';
const SECRET = 'help-widget-identity-secret';
const DOCS = 'https://help.willow.test/start';
const PROJECT_KEY = 'phc_e2e_project';

/**
 * The provider's script as the fake serves it: it takes over the queue the portal set up, checks
 * what the real Messenger needs to boot (the application id it was served for, an API base, a
 * user id), and shows a dialog on 'show'.
 */
const WIDGET_SCRIPT = `(function () {
  var queued = (window.Intercom && window.Intercom.q) || [];
  var ready = [], booted = false, settings;
  function Intercom(command, arg) {
    if (command === 'ready') { if (booted) arg(); else ready.push(arg); }
    if (command === 'boot') {
      if (!arg || arg.app_id !== '${APP_ID}' || !arg.api_base || !arg.user_id) return;
      settings = arg; booted = true; window.__helpWidgetBoot = arg;
      ready.splice(0).forEach(function (fn) { fn(); });
    }
    if (command === 'show' && booted) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', 'Messenger');
      dialog.textContent = 'Hi ' + settings.name;
      document.body.appendChild(dialog);
    }
  }
  window.Intercom = Intercom;
  queued.forEach(function (args) { Intercom.apply(null, args); });
})();`;

let fake: Server;
let fakeOrigin: string;
const scriptRequests: string[] = [];
/** The fake analytics host: what reached it, as PostHog's capture endpoint would take it. */
let ingest: Server;
const captured: { url: string; headers: Record<string, unknown>; body: string }[] = [];
let server: ServerProcess | undefined;
let baseURL: string;
let browser: Browser;

beforeAll(async () => {
  fake = createServer((req, res) => {
    scriptRequests.push(req.url ?? '');
    if (req.url !== `/widget/${APP_ID}`) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/javascript' }).end(WIDGET_SCRIPT);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeOrigin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

  ingest = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      captured.push({ url: req.url ?? '', headers: req.headers, body });
      const event = (() => {
        try {
          return JSON.parse(body) as { api_key?: string; event?: string; distinct_id?: string };
        } catch {
          return {};
        }
      })();
      const ok = req.method === 'POST' && req.url === '/i/v0/e/' && event.api_key === PROJECT_KEY && !!event.event && !!event.distinct_id;
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(ok ? '{"status":1}' : '{"type":"validation_error"}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));

  server = await startServer(
    {
      ANALYTICS_HOST: `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`,
      ANALYTICS_KEY: PROJECT_KEY,
      HELP_WIDGET_APP_ID: APP_ID,
      HELP_WIDGET_REGION: 'eu',
      HELP_WIDGET_IDENTITY_SECRET: SECRET,
      HELP_WIDGET_SCRIPT_ORIGIN: fakeOrigin,
      HELP_CENTER_URL: DOCS,
    },
    'willow-e2e-widget-',
  );
  baseURL = server.baseUrl;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => fake?.close(resolve));
  await new Promise((resolve) => ingest?.close(resolve));
});

/** A page whose requests may go only to the portal and the fake; the documentation address is answered here. */
async function openPage(): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const outside: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${baseURL}/`) || url.startsWith(`${fakeOrigin}/`)) return route.fallback();
    if (url === DOCS) return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Willow help</title><h1>Willow help</h1>' });
    outside.push(url);
    return route.abort();
  });
  return { context, page: await context.newPage(), outside };
}

async function signInAsOwner(page: Page) {
  scriptRequests.length = 0;
  await page.goto('/profile');
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  // never on the sign-in page
  expect(scriptRequests).toEqual([]);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('analytics', () => {
  it('captures a page view per page through /ph, naming the route and never a record or the session', async () => {
    const { context, page, outside } = await openPage();
    try {
      await signInAsOwner(page);
      const locations = (await (await context.request.get('/api/location')).json()) as { id: string }[];
      const surname = `Private${unique()}`;
      const client = await apiCreateClient(context, { locationId: locations[0]!.id, firstName: 'Pageview', lastName: surname });
      const views = () =>
        captured
          .map((c) => JSON.parse(c.body) as { event: string; properties: { $pathname: string } })
          .filter((e) => e.event === '$pageview')
          .map((e) => e.properties.$pathname);

      // the first page, once the shell has loaded the tracker
      await expect.poll(views).toContain('/profile');
      await page.goto(`/clients/${client.id}`);
      await page.getByText(surname).first().waitFor();
      await navEntry(page, 'Patients', 'Clients').click();
      await page.waitForURL('**/clients');
      await expect.poll(views).toEqual(['/profile', '/clients/:id', '/clients']);

      for (const request of captured) {
        expect(request.url).toBe('/i/v0/e/');
        expect(request.headers.cookie).toBeUndefined();
        expect(request.body).not.toContain(client.id);
        expect(request.body).not.toContain(surname);
        expect(JSON.parse(request.body)).toMatchObject({ api_key: PROJECT_KEY, distinct_id: expect.any(String) });
      }
      expect(outside).toEqual([]);
      // analytics goes through the portal itself: the pages' policy names no analytics origin
      const csp = (await page.request.get('/profile')).headers()['content-security-policy'] ?? '';
      expect(csp).toContain("connect-src 'self' https://api-iam.eu.intercom.io");
      expect(csp).not.toContain(`127.0.0.1:${(ingest.address() as AddressInfo).port}`);
      expect(await mainNav(page).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('the help widget', () => {
  it('loads after sign-in with only who is asking, verified by the server, and Help Center opens it', async () => {
    const { context, page, outside } = await openPage();
    try {
      await signInAsOwner(page);
      // the widget's code loads after the shell, then its script, then it boots
      await expect
        .poll(() => page.evaluate(() => (window as { __helpWidgetBoot?: unknown }).__helpWidgetBoot ?? null))
        .not.toBeNull();
      const boot = (await page.evaluate(() => (window as { __helpWidgetBoot?: unknown }).__helpWidgetBoot)) as Record<string, unknown>;
      const userId = ((await (await page.request.get('/api/profile')).json()) as { id: string }).id;
      expect(boot).toEqual({
        api_base: 'https://api-iam.eu.intercom.io',
        app_id: APP_ID,
        user_id: userId,
        name: OWNER_NAME,
        email: OWNER,
        user_hash: createHmac('sha256', SECRET).update(userId).digest('hex'),
        hide_default_launcher: true,
      });
      expect(scriptRequests).toEqual([`/widget/${APP_ID}`]);

      const pages = context.pages().length;
      await navSection(page, 'Help').getByRole('button', { name: 'Help Center', exact: true }).click();
      await page.getByRole('dialog', { name: 'Messenger' }).getByText(`Hi ${OWNER_NAME}`).waitFor();
      expect(context.pages()).toHaveLength(pages);
      expect(pathOf(page)).toBe('/profile');
      expect(outside).toEqual([]);

      // the pages' policy lets in the fake's script and the eu Messenger's hosts, not the other regions'
      const csp = (await page.request.get('/profile')).headers()['content-security-policy'] ?? '';
      expect(csp).toContain(`script-src 'self' ${fakeOrigin} https://js.intercomcdn.com;`);
      expect(csp).toContain('https://api-iam.eu.intercom.io');
      expect(csp).not.toContain('api-iam.au.intercom.io');
      expect(csp).not.toContain('nexus-websocket-a.intercom.io');
    } finally {
      await context.close();
    }
  });

  it('falls back to the documentation link when its script cannot load', async () => {
    const { context, page } = await openPage();
    try {
      await context.route(`${fakeOrigin}/**`, (route) => route.abort());
      const failed = page.waitForEvent('requestfailed', { predicate: (r) => r.url() === `${fakeOrigin}/widget/${APP_ID}`, timeout: 20_000 });
      await signInAsOwner(page);
      // the widget's script was asked for and did not come
      await failed;
      const entry = navSection(page, 'Help').getByRole('button', { name: 'Help Center', exact: true });
      await entry.waitFor();
      const [docs] = await Promise.all([context.waitForEvent('page'), entry.click()]);
      await docs.waitForLoadState();
      expect(docs.url()).toBe(DOCS);
      expect(await page.getByRole('dialog', { name: 'Messenger' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
