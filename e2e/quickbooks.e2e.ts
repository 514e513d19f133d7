// The accounting integration from a person's side: Business › Quickbooks is not offered until a
// location has QuickBooks set up; then staff connect the company through Intuit's consent (a local
// fake that consents at once and sends the browser back), see it connected, and disconnect it.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICKBOOKS_MESSAGES } from '@willow/contracts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiSignIn, locationRow, ownerOn, toastText } from './clinic.ts';
import { FAKE_KEYS, FAKE_QUICKBOOKS_COMPANY } from './fake-providers.ts';
import { entriesOf, navEntry, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Books ${unique()}`, timeZone: 'America/Chicago' });
});
afterAll(async () => {
  // The demo account goes back to having no accounting integration, for the files after this one.
  if (browser && own) {
    const context = await browser.newContext({ baseURL: baseUrl() });
    await apiSignIn(context);
    const listed = await context.request.get(`/api/integrations?locationId=${own.id}`);
    for (const i of (await listed.json()) as { id: string }[]) await context.request.delete(`/api/integrations/${i.id}`);
    await context.close();
  }
  await browser?.close();
});

/** The location's card on the Quickbooks page. */
const cardOf = (page: Page, location: string): Locator => page.getByRole('region', { name: `QuickBooks at ${location}` });

async function addQuickbooks(page: Page) {
  await navEntry(page, 'Settings', 'Locations').click();
  await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
  await (await locationRow(page, own.name)).getByRole('button', { name: `Integrations of ${own.name}` }).click();
  const section = page.getByRole('dialog', { name: `Integrations · ${own.name}` });
  const entry = section.getByLabel('QuickBooks Online', { exact: true });
  await entry.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Create' }) });
  await form.getByLabel('Client ID').fill(FAKE_KEYS.quickbooksClientId);
  await form.getByLabel('Client secret').fill(FAKE_KEYS.quickbooksClientSecret);
  await form.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: 'sandbox' }).click();
  await form.getByRole('button', { name: 'Create' }).click();
  await toastText(page, 'Integration created').waitFor();
  await form.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await section.waitFor({ state: 'detached' });
}

describe('Business › Quickbooks', () => {
  it('appears once a location has QuickBooks; staff connect the company through Intuit, see it, and disconnect it', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/quickbooks', 'Quickbooks');
    // No accounting integration yet: no menu entry, and the page says what to do instead of showing nothing.
    await page.getByText('QuickBooks Online is not set up for this account.', { exact: false }).waitFor();
    expect(await entriesOf(page, 'Business')).not.toContain('Quickbooks');
    await page.getByRole('main').getByRole('link', { name: 'Locations' }).waitFor();

    await addQuickbooks(page);
    // Adding it refreshes the locations: the entry appears without a reload.
    await navEntry(page, 'Business', 'Quickbooks').click();
    await page.waitForURL((url) => url.pathname === '/quickbooks');
    const card = cardOf(page, own.name);
    await card.getByText('Not connected', { exact: true }).waitFor();
    expect(await card.getByText('Sandbox', { exact: true }).count()).toBe(1);

    // Connect: off to Intuit's consent page and back to the portal.
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/quickbooks' && url.search === '');
    await toastText(page, QUICKBOOKS_MESSAGES.connected).waitFor();
    await cardOf(page, own.name).getByText('Connected', { exact: true }).waitFor();
    await cardOf(page, own.name).getByText(FAKE_QUICKBOOKS_COMPANY.name, { exact: true }).waitFor();

    // Disconnect asks first; Esc keeps the connection.
    await cardOf(page, own.name).getByRole('button', { name: 'Disconnect', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Disconnect QuickBooks' });
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await cardOf(page, own.name).getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('dialog', { name: 'Disconnect QuickBooks' }).getByRole('button', { name: 'Disconnect', exact: true }).click();
    await toastText(page, QUICKBOOKS_MESSAGES.disconnected).waitFor();
    await cardOf(page, own.name).getByText('Not connected', { exact: true }).waitFor();
    await cardOf(page, own.name).getByRole('button', { name: 'Connect', exact: true }).waitFor();
  });

  it('shows a refused return from Intuit as an alert, and fits a 375 px screen', async () => {
    const { page } = await cleanTab();
    await apiSignIn(page.context());
    await page.setViewportSize({ width: 375, height: 740 });
    // As the portal's callback sends the browser back when Intuit's return is refused.
    await page.goto(`/quickbooks?${new URLSearchParams({ error: QUICKBOOKS_MESSAGES.stateInvalid })}`);
    const alert = page.getByRole('alert').filter({ hasText: QUICKBOOKS_MESSAGES.stateInvalid });
    await alert.waitFor();
    // Taken out of the address, so a reload does not say it again.
    await page.waitForURL((url) => url.pathname === '/quickbooks' && url.search === '');
    await cardOf(page, own.name).getByRole('link', { name: 'Integration settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'detached' });

    // The link opens the location's integrations on the Locations page.
    await cardOf(page, own.name).getByRole('link', { name: 'Integration settings' }).click();
    await page.getByRole('dialog', { name: `Integrations · ${own.name}` }).getByLabel('QuickBooks Online', { exact: true }).waitFor();
  });
});
