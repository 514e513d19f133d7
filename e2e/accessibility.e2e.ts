// The pages a clinic uses on its first day, checked with axe: no serious or critical violation, and
// no error in the browser console on the way (a missing icon or a failed request shows there).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { cleanTab, DESKTOP, launch, newPage } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, LAKESIDE, locationNamed, locationRow, speciesId } from './clinic.ts';
import { followInApp, mainNav, narrowToPhone, openInApp } from './helpers.ts';
import { appointmentDialog, ownerAt } from './scheduling.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Every console error and uncaught exception of the page, as text. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The first data row of the page's grid has been drawn. */
async function gridLoaded(page: Page) {
  await page.getByRole('grid').first().getByRole('gridcell').first().waitFor();
}

describe('accessibility of the first-day pages', () => {
  it('the sign-in page', async () => {
    const { page } = await cleanTab();
    const errors = consoleErrors(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Its second step: the address, the password and the emailed code and link.
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Email me a code' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The icon the browser asks for by itself, and the manifest the page names.
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await json<{ name: string; icons: { src: string; sizes: string }[] }>(await page.request.get(manifestHref!), 'manifest');
    expect(manifest.name).toBe('Willow');
    for (const { src } of manifest.icons) expect((await page.request.get(src)).status(), src).toBe(200);
    expect(errors).toEqual([]);
    // The check finds what it is there to find: a button without a name (critical) and faint text
    // (serious), put on the page for the purpose.
    await page.evaluate(() => {
      const faults = document.createElement('div');
      faults.innerHTML = '<button type="button"></button><p style="color: #bbb; background: #fff">Faint</p>';
      document.body.append(faults);
    });
    const found = await seriousViolations(page);
    expect(found.filter((v) => v.startsWith('button-name (critical)'))).toHaveLength(1);
    expect(found.filter((v) => v.startsWith('color-contrast (serious)'))).toHaveLength(1);
  });

  it('the pages that email a link: a forgotten password and a new practice', async () => {
    const { page } = await cleanTab();
    const errors = consoleErrors(page);
    await page.goto('/forgotPassword');
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the pages an emailed link opens, when the link cannot be used', async () => {
    // The server refuses the link (400), which the browser reports in its console: only axe is asked here.
    const { page } = await cleanTab();
    const dead = 'x'.repeat(43);
    for (const path of [`/resetPassword?token=${dead}`, `/magicLink?token=${dead}`, `/onboarding?token=${dead}`, `/book/confirm?token=${dead}`]) {
      await page.goto(path);
      await page.getByText(SIGN_IN_MESSAGES.linkInvalid).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  it('the public booking page', async () => {
    const { page } = await cleanTab();
    const errors = consoleErrors(page);
    // The location's id, as staff would copy it from Locations.
    const staff = await newPage(browser);
    const location = await ownerAt(staff.page, LAKESIDE);
    await staff.context.close();
    await page.goto(`/book/${location.id}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: LAKESIDE }).waitFor();
    await page.getByRole('button', { name: /request/i }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

});

describe('accessibility of the staff pages', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let clientId: string;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    errors = consoleErrors(page);
    await apiSignIn(context);
    const location = await locationNamed(context, LAKESIDE);
    // The working location, as the navigation's dropdown keeps it, written before the app's one load
    // reads it (a same-origin file opens the storage without the app); the pages below are then
    // opened inside that load, as a person moves through them (openInApp).
    await page.goto('/favicon.ico');
    await page.evaluate(
      ({ id, name }) => {
        const settings = JSON.parse(window.localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
        window.localStorage.setItem('settings', JSON.stringify({ ...settings, locationId: id, locationName: name }));
      },
      { id: location.id, name: location.name },
    );
    await page.goto('/profile');
    await mainNav(page).waitFor();
    // A household of this test's own, with a pet that has died (its row is greyed).
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Ada', lastName: `Axe${Date.now()}` });
    clientId = client.id;
    const pet = await apiCreatePatient(context, { clientId: client.id, name: 'Biscuit', speciesId: speciesId(location, 'Dog') });
    await apiCreatePatient(context, { clientId: client.id, name: 'Pepper', speciesId: speciesId(location, 'Cat') });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await json(await context.request.post(`/api/patient/${pet.id}/deceased`, { data: { data: { deceasedOn: yesterday } } }), 'record the death');
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(() => {
    expect(errors.splice(0)).toEqual([]);
  });

  /**
   * Opens `path` (with `go`: followInApp for the same page at another address, such as the
   * calendar on another week or view, whose title stays), waits for `ready` and checks the page.
   */
  async function visit(path: string, ready: () => Promise<void>, go: (page: Page, path: string) => Promise<void> = openInApp): Promise<string[]> {
    await go(page, path);
    await ready();
    // the grid sizes its flex columns once its rows are in (a scrollbar may appear): checked after that frame
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return seriousViolations(page);
  }

  it('the schedule', async () => {
    expect(await visit('/', () => page.locator('[data-appointment-id]').first().waitFor())).toEqual([]);
  });
  it('the schedule on a week across two months, whose other month’s days the small calendar shows lighter', async () => {
    const otherMonthInWeek = page.getByRole('grid', { name: /^Go to date/ }).locator('td[data-outside="true"][data-shown="true"]');
    expect(await visit(`/?view=week&date=${firstAcrossMonths()}`, () => otherMonthInWeek.first().waitFor(), followInApp)).toEqual([]);
  });
  it('the schedule by month and by day', async () => {
    for (const view of ['month', 'day']) {
      const ready = async () => {
        await page.getByTestId('calendar').and(page.locator(`[data-view="${view}"][data-ready="true"]`)).waitFor();
        // The demo's month always has visits; its day has them unless the run has passed midnight.
        if (view === 'month') await page.locator('[data-appointment-id]').first().waitFor();
      };
      expect(await visit(`/?view=${view}`, ready, followInApp), view).toEqual([]);
    }
  });
  it('appointments', async () => {
    expect(await visit('/appointments', () => gridLoaded(page))).toEqual([]);
  });
  it('clients', async () => {
    expect(await visit('/clients', () => gridLoaded(page))).toEqual([]);
  });
  it('a client page, with a deceased patient', async () => {
    expect(await visit(`/clients/${clientId}`, () => page.getByRole('grid').getByText('Biscuit').waitFor())).toEqual([]);
  });
  it('patients', async () => {
    expect(await visit('/patients', () => gridLoaded(page))).toEqual([]);
  });
  it('prescriptions', async () => {
    expect(await visit('/prescriptions', () => gridLoaded(page))).toEqual([]);
  });
  it('vaccinations', async () => {
    expect(await visit('/vaccinations', () => gridLoaded(page))).toEqual([]);
  });
  it('a client’s Communications tab, with its composer', async () => {
    await openInApp(page, `/clients/${clientId}`);
    await page.getByRole('tab', { name: 'Communications' }).click();
    await page.getByRole('grid', { name: 'Communications with this client' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
  it('the Messages page', async () => {
    expect(await visit('/communications', () => page.getByRole('grid').first().waitFor())).toEqual([]);
  });
  it('the Quickbooks page', async () => {
    // Whether another browser test has connected a company or not, the page has settled on one.
    const settled = () =>
      page
        .getByText(/QuickBooks Online is not set up for this account/)
        .or(page.getByRole('button', { name: /^(Connect|Reconnect|Disconnect)/ }))
        .first()
        .waitFor();
    expect(await visit('/quickbooks', settled)).toEqual([]);
  });
  it('an archived client: the confirmation, then the page saying so', async () => {
    const location = await locationNamed(context, LAKESIDE);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Ivy', lastName: `Archived${Date.now()}` });
    await visit(`/clients/${client.id}`, () => page.getByRole('button', { name: 'Archive', exact: true }).waitFor());
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive client' });
    await confirm.getByText(/Nothing is deleted/).waitFor();
    // Checked once it has faded in: half transparent, its texts would read as too faint.
    await expect.poll(() => confirm.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity)).toBe('1');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Restore', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
  it('the Locations page, with a location’s settings (its logo) and its species', async () => {
    expect(await visit('/locations', () => gridLoaded(page))).toEqual([]);
    for (const name of [`Edit ${LAKESIDE}`, `Species at ${LAKESIDE}`]) {
      await (await locationRow(page, LAKESIDE)).getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button').first().waitFor();
      // Checked once it has faded in: half transparent, its text reads as too faint.
      await expect.poll(() => page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });
  it('the Users page, with a new user being invited', async () => {
    expect(await visit('/users', () => gridLoaded(page))).toEqual([]);
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('First name').waitFor();
    // Checked once it has faded in: half transparent, its text reads as too faint.
    await expect.poll(() => page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
  it('the profile, with an email being changed (the current password is asked for)', async () => {
    const email = page.getByRole('textbox', { name: /^Email/ });
    await visit('/profile', () => email.waitFor());
    await email.fill(`changing-${Date.now()}@demo.test`);
    await page.getByText('You sign in with your email: confirm the change with your password').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
  it('billing: the invoices', async () => {
    expect(await visit('/invoices', () => gridLoaded(page))).toEqual([]);
  });
  it('billing: the payments', async () => {
    expect(await visit('/payments', () => gridLoaded(page))).toEqual([]);
  });
  it('billing: the price calculator', async () => {
    expect(await visit('/calculator', () => page.getByRole('heading', { name: 'Price Calculator', level: 1 }).waitFor())).toEqual([]);
  });
  it('on a phone (375 px): the schedule, the clients, a client page and the open menu', async () => {
    await narrowToPhone(page);
    // The pointer rests on the top bar's title, where nothing changes on hover: left where an earlier
    // test's click put it, it may rest on a small text button, whose hover tint is not how it reads.
    await page.mouse.move(187, 25);
    try {
      // The schedule in the view it was left in (the page before may be the schedule itself).
      const schedule = () => page.getByTestId('calendar').and(page.locator('[data-ready="true"]')).waitFor();
      expect(await visit('/', schedule, followInApp), 'the schedule').toEqual([]);
      expect(await visit('/clients', () => gridLoaded(page)), 'the clients').toEqual([]);
      expect(await visit(`/clients/${clientId}`, () => page.getByRole('grid').getByText('Biscuit').waitFor()), 'a client').toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
      await mainNav(page).getByRole('link', { name: 'Clients', exact: true }).waitFor();
      expect(await seriousViolations(page), 'the menu').toEqual([]);
      await page.keyboard.press('Escape');
      await mainNav(page).waitFor({ state: 'hidden' });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
  it('the appointment dialog', async () => {
    await visit('/appointments', () => gridLoaded(page));
    await page.getByRole('grid').getByRole('row').filter({ has: page.getByRole('gridcell') }).first().getByRole('gridcell').first().click();
    const dialog = appointmentDialog(page, 'Edit appointment');
    await dialog.getByTestId('appointment-status').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });
});

/**
 * The first of next month, or of a later one, that falls on a Tuesday to a Saturday: its week holds
 * days of the month before whichever day the week starts on.
 */
function firstAcrossMonths(now = new Date()): string {
  for (let k = 1; ; k++) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
    if (first.getUTCDay() >= 2) return first.toISOString().slice(0, 10);
  }
}
