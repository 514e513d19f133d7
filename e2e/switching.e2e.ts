// Switching location (owner) and switching account (super administrator).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './browser.ts';
import { startSignedIn } from './clinic.ts';
import { accountDropdown, locationDropdown, mainNav, readSettings } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SWITCHED = 'Successfully switched accounts';

/**
 * Stores schedule selections as if the user had picked them earlier, then reloads so the app reads
 * them. Written before the app's own scripts run on the reload (once per tab): the running app keeps
 * its settings in memory and would write over a change made beside it (e.g. the start-up provider
 * preselection landing a moment later).
 */
async function presetSelections(page: Page, extra: Record<string, unknown> = {}) {
  await page.addInitScript((patch) => {
    if (window.sessionStorage.getItem('e2e-preset')) return;
    window.sessionStorage.setItem('e2e-preset', 'applied');
    const current = JSON.parse(window.localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem(
      'settings',
      JSON.stringify({
        ...current,
        selectedServices: ['service-1'],
        selectedProviders: ['provider-1', 'provider-2'],
        selectedStatuses: ['pending'],
        ...patch,
      }),
    );
  }, extra);
  await page.reload();
  await mainNav(page).waitFor();
}

function expectSelectionsCleared(settings: Record<string, unknown> | null) {
  for (const key of ['selectedServices', 'selectedProviders', 'selectedStatuses']) {
    const value = settings?.[key];
    if (value !== undefined) expect(value, key).toEqual([]);
  }
}

/** Picks an account in the account dropdown and waits for the reload and its toast. */
async function switchAccount(page: Page, from: string, to: string) {
  const dropdown = accountDropdown(page);
  await dropdown.waitFor();
  expect(await dropdown.getAttribute('aria-label')).toBe(`Account: ${from}`);
  await dropdown.click();
  const menu = page.getByRole('menu');
  const reloaded = page.waitForEvent('load');
  await menu.getByRole('menuitem', { name: to, exact: true }).click();
  // The page reloads; the toast comes from the reloaded page.
  await reloaded;
  await page.getByText(SWITCHED, { exact: true }).waitFor();
  await mainNav(page).waitFor();
  await expect.poll(() => accountDropdown(page).getAttribute('aria-label')).toBe(`Account: ${to}`);
}

describe('switching', () => {
  it('owner switches location: saved in settings, selections cleared, 3 characters when collapsed', async () => {
    const { context, page } = await newPage(browser);
    try {
      await startSignedIn(page, 'owner@demo.test', '/profile');
      await mainNav(page).waitFor();
      await presetSelections(page);
      const before = await readSettings(page);
      expect(before?.selectedProviders).toEqual(['provider-1', 'provider-2']);

      const dropdown = locationDropdown(page);
      await dropdown.waitFor();
      expect(await dropdown.getAttribute('aria-label')).toBe('Location: All Locations');
      expect((await dropdown.innerText()).trim()).toBe('All Locations');
      await dropdown.click();
      const menu = page.getByRole('menu');
      const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
      expect(items[0]).toBe('All Locations');
      expect(items).toContain('Lakeside Pet Care');
      expect(items).toContain('Riverside Animal Hospital');
      await menu.getByRole('menuitem', { name: 'Riverside Animal Hospital', exact: true }).click();
      await menu.waitFor({ state: 'hidden' });

      await expect.poll(() => dropdown.getAttribute('aria-label')).toBe('Location: Riverside Animal Hospital');
      const after = await readSettings(page);
      expect(after?.locationName).toBe('Riverside Animal Hospital');
      expect(typeof after?.locationId).toBe('string');
      expect(after?.locationId).not.toBe('');
      expectSelectionsCleared(after);

      // A collapsed navigation shows only the first 3 characters.
      await page.getByRole('button', { name: 'Collapse navigation' }).click();
      await page.mouse.move(900, 450);
      await expect.poll(async () => (await dropdown.innerText()).trim()).toBe('Riv');
      expect(await dropdown.getAttribute('aria-label')).toBe('Location: Riverside Animal Hospital');

      // The choice survives a reload; back to All Locations clears the location again.
      await page.reload();
      await expect.poll(async () => (await locationDropdown(page).innerText()).trim()).toBe('Riv');
      await page.getByRole('button', { name: 'Expand navigation' }).focus();
      await page.keyboard.press('Enter');
      await page.mouse.move(900, 450);
      await expect.poll(async () => (await locationDropdown(page).innerText()).trim()).toBe('Riverside Animal Hospital');
      await locationDropdown(page).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'All Locations', exact: true }).click();
      await expect.poll(() => locationDropdown(page).getAttribute('aria-label')).toBe('Location: All Locations');
      const cleared = await readSettings(page);
      expect(cleared?.locationId ?? null).toBeNull();
      expect(cleared?.locationName ?? null).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('superadmin switches to Second Practice and back to Willow Support', async () => {
    const { context, page } = await newPage(browser);
    try {
      await startSignedIn(page, 'superadmin@demo.test', '/myAccount');
      await page.waitForURL((url) => url.pathname === '/myAccount');
      await mainNav(page).waitFor();
      await presetSelections(page, { locationId: 'stale-location', locationName: 'Stale Location' });
      expect(await page.getByRole('main').getByLabel('Practice name').inputValue()).toBe('Willow Support');

      // Tiers premium, basic, free; by name within a tier.
      await accountDropdown(page).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Second Practice', exact: true }).waitFor();
      const names = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
      expect(names.indexOf('Demo Veterinary Group')).toBeLessThan(names.indexOf('Willow Support'));
      expect(names.indexOf('Willow Support')).toBeLessThan(names.indexOf('Second Practice'));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await switchAccount(page, 'Willow Support', 'Second Practice');
      expect(new URL(page.url()).pathname).toBe('/myAccount');
      const settings = await readSettings(page);
      expect(settings?.locationId ?? null).toBeNull();
      expect(settings?.locationName ?? null).toBeNull();
      expectSelectionsCleared(settings);
      await expect.poll(() => page.getByRole('main').getByLabel('Practice name').inputValue()).toBe('Second Practice');

      // The profile tells the same.
      await mainNav(page).getByRole('link', { name: 'Profile', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('main').getByText('Second Practice', { exact: true }).waitFor();

      await switchAccount(page, 'Second Practice', 'Willow Support');
      await page.getByRole('main').getByText('Willow Support', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
