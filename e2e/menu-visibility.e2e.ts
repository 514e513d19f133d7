// The navigation menu and its permission rules: entries, sections and dropdowns each user is offered.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { startSignedIn } from './clinic.ts';
import { accountDropdown, entriesOf, locationDropdown, mainNav, navSection, pathOf } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in on /profile and waits until the navigation and the profile (used by the dropdowns) are there. */
async function openShell(page: Page, email: string) {
  await startSignedIn(page, email, '/profile');
  await page.waitForURL((url) => url.pathname === '/profile');
  await mainNav(page).waitFor();
  // The profile form shows once the profile query has answered (the account dropdown needs it too).
  await page.getByRole('main').getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByRole('main').getByLabel('Email').waitFor();
}

async function sectionNames(page: Page): Promise<string[]> {
  return mainNav(page).getByRole('list').evaluateAll((lists) => lists.map((l) => l.getAttribute('aria-label') ?? ''));
}

/** Settings › Templates, in the SPEC's order. */
const TEMPLATES = ['Invoice', 'Document', 'Email', 'PDF', 'Form', 'Note', 'SMS'];

describe('menu visibility', () => {
  it('owner: all Settings entries, a location dropdown, no account dropdown and no Super Admin section', async () => {
    const { page } = await cleanTab();
    await openShell(page, 'owner@demo.test');
    // Services are reached from the menu, under Schedule (decision 0040); Appointments carries its badge.
    expect(await entriesOf(page, 'Schedule')).toEqual(['Schedule', expect.stringMatching(/Appointments$/), 'Services']);
    expect(await entriesOf(page, 'Settings')).toEqual(['Account', 'Locations', 'Users', 'Roles & Permissions', 'Subscriptions', ...TEMPLATES]);
    expect(await entriesOf(page, 'Personal')).toEqual(['Profile', 'Logout']);
    // Everyone signed in bills and takes payments: Business › Invoices and Payments.
    expect(await entriesOf(page, 'Business')).toContain('Invoices');
    expect(await entriesOf(page, 'Business')).toContain('Payments');
    expect(await sectionNames(page)).not.toContain('Super Admin');
    expect(await navSection(page, 'Super Admin').count()).toBe(0);
    // Two locations and switch_locations: the dropdown shows, with its default label.
    await locationDropdown(page).waitFor();
    expect(await locationDropdown(page).getAttribute('aria-label')).toBe('Location: All Locations');
    expect(await accountDropdown(page).count()).toBe(0);
  });

  it('frontdesk: Users, Profile and Logout only; no location or account dropdown', async () => {
    const { page } = await cleanTab();
    await openShell(page, 'frontdesk@demo.test');
    // Templates are read by everyone signed in (messages and notes use them); changing them is for locations.manage.
    expect(await entriesOf(page, 'Settings')).toEqual(['Users', ...TEMPLATES]);
    // Anyone signed in may look at the services (the page hides the write buttons).
    expect(await entriesOf(page, 'Schedule')).toEqual(['Schedule', expect.stringMatching(/Appointments$/), 'Services']);
    await mainNav(page).getByRole('link', { name: 'Services', exact: true }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/services');
    expect(await entriesOf(page, 'Personal')).toEqual(['Profile', 'Logout']);
    expect(await entriesOf(page, 'Business')).toContain('Invoices');
    expect(await entriesOf(page, 'Business')).toContain('Payments');
    const nav = mainNav(page);
    for (const label of ['Account', 'Locations', 'Roles & Permissions', 'Subscriptions', 'Accounts', 'System Roles'])
      expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).toBe(0);
    expect(await sectionNames(page)).not.toContain('Super Admin');
    expect(await locationDropdown(page).count()).toBe(0);
    expect(await accountDropdown(page).count()).toBe(0);
  });

  it('superadmin: the Super Admin section and the account dropdown', async () => {
    const { page } = await cleanTab();
    await openShell(page, 'superadmin@demo.test');
    expect(await entriesOf(page, 'Super Admin')).toEqual(['Accounts', 'Subscriptions', 'System Roles']);
    expect(await sectionNames(page)).toContain('Super Admin');
    await accountDropdown(page).waitFor();
    expect(await accountDropdown(page).getAttribute('aria-label')).toBe('Account: Willow Support');
    // system.admin grants every check, so the Settings entries show too.
    expect(await entriesOf(page, 'Settings')).toEqual(['Account', 'Locations', 'Users', 'Roles & Permissions', 'Subscriptions', ...TEMPLATES]);
  });
});
