// Shared selectors and probes for the browser tests (not a test file itself).
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const TOKEN_COOKIE = 'x-access-token';
export const JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256';

/** The side navigation (permanent drawer on large screens, temporary drawer below). */
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });

/** One titled section of the navigation, e.g. 'Settings'. */
export const navSection = (page: Page, section: string): Locator => mainNav(page).getByRole('list', { name: section, exact: true });

/** A menu entry (a link) inside a navigation section. */
export const navEntry = (page: Page, section: string, label: string): Locator =>
  navSection(page, section).getByRole('link', { name: label, exact: true });

/** The labels of the links in a navigation section, in order. */
export async function entriesOf(page: Page, section: string): Promise<string[]> {
  const texts = await navSection(page, section).getByRole('link').allInnerTexts();
  return texts.map((t) => t.trim());
}

export const locationDropdown = (page: Page): Locator => mainNav(page).getByRole('button', { name: /^Location: / });
export const accountDropdown = (page: Page): Locator => mainNav(page).getByRole('button', { name: /^Account: / });

/** The saved settings (localStorage 'settings'), or null. */
export function readSettings(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('settings') ?? 'null') as Record<string, unknown> | null);
}

/** Paths the main frame goes to, including in-app (history API) navigations; repeats are collapsed. */
export function trackPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (paths.at(-1) !== path) paths.push(path);
  });
  return paths;
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === TOKEN_COOKIE);
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** A suffix that keeps names created by a run unique in the shared database. */
export const unique = (): string => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * Opens `path` inside the app already open, with no new page load (about 1.8 s of the browser's
 * CPU each): its entry in the navigation when it has one, as a person clicks it, else as the app's
 * own links go (the history API, which the router follows). Waits for the new page to be drawn,
 * told by its title: the router keeps the old page on screen while the new one's code loads.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.title();
  // Visible, not merely present: a link of a drawer on its way out (a window just narrowed) is
  // present but can never be clicked.
  const entry = mainNav(page).locator(`a[href="${path}"]`).first();
  if (await entry.isVisible()) {
    await entry.click();
    await page.waitForURL((url) => url.pathname + url.search === path);
  } else await followInApp(page, path);
  await page.waitForFunction((old) => document.title !== old, before);
}

/**
 * Goes to `path` the way the app's own links do (the history API, which the router follows), with
 * no new page load, and waits for the address only: for a page that stays the same page (the
 * calendar on another day), whose caller waits for what the new address draws.
 */
export async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * Narrows the window to a 375 px phone and waits for the app to take the phone's layout (the top
 * bar's Menu in place of the side navigation), so what follows never meets the desktop's drawer
 * on its way out.
 */
export async function narrowToPhone(page: Page, height = 740): Promise<void> {
  await page.setViewportSize({ width: 375, height });
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).waitFor();
}

/** Whether the signed-in app is open in `page` (its navigation, or on a phone the top bar's Menu). */
export async function appIsOpen(page: Page): Promise<boolean> {
  if ((await mainNav(page).count()) > 0) return true;
  return (await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).count()) > 0;
}

/**
 * Types a day (YYYY-MM-DD) into the browser's date box as a person does: focused, typed with the
 * keyboard segment by segment (month, day, year in en-US), then Tab away; waits until it holds it.
 */
export async function typeDate(box: Locator, date: string): Promise<void> {
  const [y, m, d] = date.split('-');
  await box.focus();
  await box.page().keyboard.type(`${m}${d}${y}`);
  await box.page().keyboard.press('Tab');
  await expect.poll(() => box.inputValue()).toBe(date);
}
