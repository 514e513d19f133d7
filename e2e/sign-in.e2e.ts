// Signing in, returning to the page asked for, a wrong password, and signing out.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, DEMO_PASSWORD, launch, signIn } from './browser.ts';
import { mainNav, navEntry, pathOf, tokenCookie, trackPaths } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign in', () => {
  it('sends an unauthenticated visit to /users to /login with the return path', async () => {
    const { page } = await cleanTab();
    await page.goto('/users');
    await page.waitForURL(/\/login/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.search).toBe('?returnUrl=%2Fusers');
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
  });

  it('draws the sign-in page without the sign-in rules, loads them on the first key press, and signs in on a phone', async () => {
    const { page } = await cleanTab({ width: 375, height: 740 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    // The form fits the phone's width: nothing to scroll sideways to.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Nothing behind the session check, and not the schemas: the page's first load stays small.
    const rules = (path: string) => /\/sign-in-requests-[\w-]+\.js$/.test(path);
    expect(scripts.filter(rules)).toEqual([]);
    expect(scripts.filter((p) => /\/(session-guard|app-shell)-/.test(p))).toEqual([]);
    await page.getByLabel('Email').pressSequentially('owner@demo.test');
    await expect.poll(() => scripts.filter(rules).length).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // A phone's navigation is behind the top bar's Menu button.
    await page.getByRole('button', { name: 'Menu' }).waitFor();
  });

  it('signs the owner in and returns to /users inside the shell', async () => {
    const { context, page } = await cleanTab();
    await signIn(page, 'owner@demo.test', '/users');
    await page.waitForURL((url) => url.pathname === '/users');
    await mainNav(page).waitFor();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    expect(await navEntry(page, 'Settings', 'Users').getAttribute('aria-current')).toBe('page');
    expect(await tokenCookie(context)).toBeDefined();
  });

  it("shows 'Incorrect email or password' for a wrong password and stays on /login", async () => {
    const { context, page } = await cleanTab();
    await page.goto('/login?returnUrl=%2Fusers');
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password').fill(`${DEMO_PASSWORD}-wrong`);
    await page.getByRole('button', { name: /sign in/i }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Incorrect email or password' });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Incorrect email or password');
    expect(pathOf(page)).toBe('/login');
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('logs out from the menu to /login, after which /users needs a sign-in again', async () => {
    const { context, page } = await cleanTab();
    await signIn(page, 'owner@demo.test', '/profile');
    await mainNav(page).waitFor();
    const paths = trackPaths(page);
    await navEntry(page, 'Personal', 'Logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(paths).toEqual(['/logout', '/login']);
    expect(await tokenCookie(context)).toBeUndefined();

    await page.goto('/users');
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).search).toBe('?returnUrl=%2Fusers');
    await page.getByLabel('Email').waitFor();
  });
});
