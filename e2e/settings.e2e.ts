// A light pass over the Settings pages doing real work as the owner. Everything created here has a
// unique name, so reruns and the other files sharing the server are not disturbed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { startSignedIn, toastText } from './clinic.ts';
import { mainNav, unique } from './helpers.ts';
import { linkIn, waitForMail } from './mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ownerOn(page: Page, path: string, heading: string) {
  await startSignedIn(page, 'owner@demo.test', path);
  await page.waitForURL((url) => url.pathname === path);
  await mainNav(page).waitFor();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('settings', () => {
  it('creates a location with a time zone and the common species, then adds a species to it', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/locations', 'Locations');
    const name = `E2E Clinic ${unique()}`;
    const grid = page.getByRole('grid', { name: 'Locations' });
    await grid.getByRole('row').filter({ hasText: 'Riverside Animal Hospital' }).waitFor();

    await page.getByRole('button', { name: 'New location' }).click();
    const form = page.getByRole('dialog', { name: 'New location' });
    await form.getByLabel('Name').fill(name);
    const timeZone = form.getByLabel('Time zone');
    await timeZone.fill('Europe/Ber');
    await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
    expect(await timeZone.inputValue()).toBe('Europe/Berlin');
    await form.getByLabel('Phone').fill('+49 30 555 0100');
    await form.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Location created').waitFor();
    await form.waitFor({ state: 'hidden' });

    const row = grid.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Europe/Berlin');
    expect(await row.innerText()).toContain('Active');

    await row.getByRole('button', { name: `Species at ${name}` }).click();
    const species = page.getByRole('dialog', { name: `Species at ${name}` });
    // It came with the common species (decision 0191); a horse is added.
    await species.getByRole('button', { name: 'Dog', exact: true }).waitFor();
    expect(await species.getByText('No species yet.').count()).toBe(0);
    await species.getByLabel('Add a species').fill('Horse');
    await page.getByRole('option', { name: 'Horse', exact: true }).click();
    await species.getByRole('button', { name: 'Add', exact: true }).click();
    await species.getByRole('button', { name: 'Horse', exact: true }).waitFor();
    // The focus is back in "Add a species" once the addition has saved, so Esc closes the dialog.
    await expect.poll(() => species.getByLabel('Add a species').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await species.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Horse');
    await row.getByRole('button', { name: `Species at ${name}` }).click();
    await species.getByRole('button', { name: 'Horse', exact: true }).waitFor();
    await species.getByRole('button', { name: 'Done' }).click();
    await species.waitFor({ state: 'hidden' });
  });

  it('creates a user with a role, deactivates it and deletes it', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/users', 'Users');
    const id = unique();
    const first = 'Eve';
    const last = `Tester${id}`;
    const email = `e2e-user-${id}@example.test`;
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.getByRole('row').filter({ hasText: 'owner@demo.test' }).waitFor();

    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    // Not invited by email: the password is set here.
    await form.getByRole('radio', { name: 'Set a password now' }).check();
    await form.getByLabel('Initial password').fill('a-long-e2e-password');
    await form.getByLabel('Roles').click();
    await page.getByRole('option', { name: 'Assistant', exact: true }).click();
    // Picking closes the list; Esc now would ask to discard the form.
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Assistant' }).waitFor();
    // An assistant is booked (a secondary provider): where, is asked (decision 0192).
    await form.getByRole('combobox', { name: /^Locations/ }).click();
    await page.getByRole('option', { name: 'Riverside Animal Hospital', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'User created').waitFor();
    await form.waitFor({ state: 'hidden' });

    const row = grid.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${first} ${last}`);
    expect(await row.innerText()).toContain('Assistant');

    const active = row.getByRole('switch', { name: `${first} ${last} active` });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await toast(page, 'User deactivated').waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);

    await row.getByRole('button', { name: `Delete ${first} ${last}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByText(`Delete ${first} ${last}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastText(page, 'User deleted').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
  });

  it('creates a custom role with a permission, sees it listed, and deletes it', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/permission', 'Roles & Permissions');
    const name = `E2E Role ${unique()}`;
    await page.getByRole('heading', { name: 'Administrator', exact: true }).waitFor();

    await page.getByRole('button', { name: 'New role' }).click();
    const form = page.getByRole('dialog', { name: 'New role' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: 'View analytics' }).check();
    await form.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Role created').waitFor();
    await form.waitFor({ state: 'hidden' });

    const card = page.getByLabel(name, { exact: true });
    await card.getByRole('heading', { name, exact: true }).waitFor();
    expect(await card.getByText('Custom', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual(['View analytics']);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete role' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
  });

  it("the Profile page shows the owner's name and email; a new email waits for the link sent to it", async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/profile', 'Profile');
    const main = page.getByRole('main');
    await main.getByText('Demo Veterinary Group', { exact: true }).waitFor();
    await expect.poll(() => main.getByLabel('First name').inputValue()).toBe('Olivia');
    expect(await main.getByLabel('Last name').inputValue()).toBe('Owens');
    expect(await main.getByLabel('Email').inputValue()).toBe('owner@demo.test');

    // A new email waits for the link sent to it (opening it is the profile page's own test).
    const address = `owner-${unique()}@example.test`.toLowerCase();
    const details = main.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Your details' }) });
    await details.getByLabel('Email').fill(address);
    await details.getByLabel('Current password').fill('demo-password');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByRole('status').filter({ hasText: 'a link to confirm it is on its way' }).waitFor();
    expect(linkIn(await waitForMail(address), '/profile')).toMatch(/\/profile\?token=/);
    expect(await main.getByLabel('Email').inputValue()).toBe('owner@demo.test');
  });
});
