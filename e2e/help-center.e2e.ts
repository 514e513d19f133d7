// Help › Help Center with the help widget not configured: the documentation link opens in a new
// tab, on a wide screen with the mouse and at 375 px with the keyboard. The browser tests' server
// names https://help.willow.test/start as the link (global-setup.ts); the browser answers that
// address itself and refuses any other request that would leave the portal.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { OWNER, startSignedIn } from './clinic.ts';
import { mainNav, navSection, pathOf } from './helpers.ts';

const DOCS = 'https://help.willow.test/start';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Answers the documentation address; records (and refuses) anything else not from the portal. */
async function offline(context: BrowserContext): Promise<{ outside: string[]; portal: string[] }> {
  const outside: string[] = [];
  const portal: string[] = [];
  const origin = new URL(baseUrl()).origin;
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) {
      portal.push(new URL(url).pathname);
      return route.fallback();
    }
    if (url === DOCS) return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Willow help</title><h1>Willow help</h1>' });
    outside.push(url);
    return route.abort();
  });
  return { outside, portal };
}

describe('Help › Help Center', () => {
  it('opens the documentation in a new tab when the help widget is not configured, loading nothing from outside', async () => {
    const { context, page } = await cleanTab();
    const traffic = await offline(context);
    // The sign-in page asks nothing about help or analytics.
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    expect(traffic.portal.filter((p) => p === '/api/config/client' || p.startsWith('/ph'))).toEqual([]);

    await startSignedIn(page, OWNER, '/profile');
    const help = navSection(page, 'Help');
    const entry = help.getByRole('button', { name: 'Help Center', exact: true });
    await entry.waitFor();
    const [docs] = await Promise.all([context.waitForEvent('page'), entry.click()]);
    await docs.waitForLoadState();
    expect(docs.url()).toBe(DOCS);
    await docs.getByRole('heading', { name: 'Willow help' }).waitFor();
    // the portal stays where it was
    expect(pathOf(page)).toBe('/profile');
    // without the widget, no script of its provider; analytics is off, so nothing went to /ph
    expect(await page.locator('script[src*="/widget/"]').count()).toBe(0);
    expect(traffic.portal.filter((p) => p.startsWith('/ph'))).toEqual([]);
    expect(traffic.outside).toEqual([]);
    // and the pages' policy names no origin besides the portal's own
    const csp = (await page.request.get('/profile')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/intercom|https:\/\//);
  });

  it('at 375 px: chosen with the keyboard from the menu, it closes the drawer and opens the documentation', async () => {
    const { context, page } = await cleanTab({ width: 375, height: 812 });
    const traffic = await offline(context);
    await startSignedIn(page, OWNER, '/profile');
    await page.getByRole('button', { name: 'Menu' }).click();
    const entry = navSection(page, 'Help').getByRole('button', { name: 'Help Center', exact: true });
    await entry.scrollIntoViewIfNeeded();
    await entry.focus();
    const [docs] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await docs.waitForLoadState();
    expect(docs.url()).toBe(DOCS);
    await expect.poll(() => mainNav(page).isVisible()).toBe(false);
    expect(traffic.outside).toEqual([]);
  });
});
