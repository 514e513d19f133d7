// A page whose permissions the user lacks shows the 401 page inside the shell.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { startSignedIn } from './clinic.ts';
import { mainNav, pathOf, tokenCookie, trackPaths } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TITLE = 'You are not authorized!';
const TEXT = "You don't have permission to access this page.";

/** The 401 content: exactly the title, the sentence and the two buttons. */
async function expectNotAuthorized(page: Page) {
  const main = page.getByRole('main');
  const title = main.getByRole('heading', { name: TITLE, exact: true });
  await title.waitFor();
  expect((await title.innerText()).trim()).toBe(TITLE);
  const text = main.getByText(TEXT, { exact: true });
  expect(await text.count()).toBe(1);
  expect((await text.innerText()).trim()).toBe(TEXT);
  const home = main.getByRole('link', { name: 'Back to Home', exact: true });
  const logout = main.getByRole('link', { name: 'Logout', exact: true });
  expect(await home.getAttribute('href')).toBe('/');
  expect(await logout.getAttribute('href')).toBe('/logout');
  // Nothing of the page itself leaks out: the main area holds exactly these texts (DOM text; buttons are styled uppercase).
  const texts = await main.evaluate((el) =>
    Array.from(el.querySelectorAll('h1, h2, h3, p, a, button, input, [role="grid"]')).map((e) => e.textContent?.trim()),
  );
  expect(texts).toEqual([TITLE, TEXT, 'Back to Home', 'Logout']);
  return { home, logout };
}

describe('not authorized', () => {
  it('frontdesk on /permission sees the 401 page, and Back to Home leads to /', async () => {
    const { context, page } = await cleanTab();
    await startSignedIn(page, 'frontdesk@demo.test', '/permission');
    await page.waitForURL((url) => url.pathname === '/permission');
    await mainNav(page).waitFor();
    const { home } = await expectNotAuthorized(page);

    const paths = trackPaths(page);
    await home.click();
    // '/' is home: the Schedule. The 401 page stays up while the calendar's code loads, so wait for the calendar itself.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('calendar').waitFor();
    expect(paths[0]).toBe('/');
    expect(await page.getByRole('main').getByText(TITLE).count()).toBe(0);
    expect(await tokenCookie(context)).toBeDefined();
  });

  it('frontdesk on /myAccount sees the 401 page, and Logout goes through /logout to /login', async () => {
    const { context, page } = await cleanTab();
    await startSignedIn(page, 'frontdesk@demo.test', '/myAccount');
    await page.waitForURL((url) => url.pathname === '/myAccount');
    const { logout } = await expectNotAuthorized(page);

    const paths = trackPaths(page);
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(paths).toEqual(['/logout', '/login']);
    expect(await tokenCookie(context)).toBeUndefined();
    await page.getByLabel('Email').waitFor();
    expect(pathOf(page)).toBe('/login');
  });
});
