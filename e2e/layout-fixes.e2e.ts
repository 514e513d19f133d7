// Screens that must work at their real sizes: the prescriptions list's actions at 1440 px, the
// public booking form on a 375 px phone after a failed submit, and a super administrator inside
// another account always seeing which one it is.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cleanTab, DESKTOP, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, LAKESIDE, locationNamed, ownerOn, speciesId, startSignedIn } from './clinic.ts';
import { accountDropdown, mainNav, narrowToPhone, openInApp, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, for the prescriptions' household. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Layout ${unique()}`,
    timeZone: 'America/Los_Angeles',
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the whole of `target` is inside the window. */
async function inWindow(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

describe('layout', () => {
  it('the prescriptions list shows each row’s actions at 1440 px without scrolling sideways', async () => {
    const { context, page } = await cleanTab({ width: 1440, height: 900 });
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Rx', lastName: `Wide${unique()}` });
    const patient = await apiCreatePatient(context, { clientId: client.id, name: `Marmalade${unique()}`, speciesId: speciesId(location, 'Cat') });
    const drug = `Gabapentin ${unique()}`;
    await json(
      await context.request.post('/api/prescription', {
        data: { data: { patientId: patient.id, drug, dose: '50 mg', frequency: 'twice daily', quantity: '30 capsules', prescribedOn: '2025-06-01' } },
      }),
      'create prescription',
    );
    await ownerOn(page, '/prescriptions', 'Prescriptions');
    const grid = page.getByRole('grid', { name: 'Prescriptions' });
    const visible = await grid.locator('.MuiDataGrid-virtualScroller').boundingBox();
    expect(visible).not.toBeNull();
    for (const action of ['Print', 'Edit', 'Delete']) {
      const button = grid.getByRole('menuitem', { name: `${action} ${drug}` }).or(grid.getByRole('button', { name: `${action} ${drug}` }));
      await button.waitFor();
      // Down the list is fine (the page scrolls); sideways out of the grid's view is not.
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, action).toBeLessThanOrEqual(Math.min(visible!.x + visible!.width, 1440));
      expect(box.x, action).toBeGreaterThanOrEqual(visible!.x);
    }
  });

  it('the booking form on a 375 px phone brings the first error into view after a failed submit', async () => {
    const { page } = await cleanTab({ width: 375, height: 740 });
    // The link's location id, asked of the API by staff of their own (the phone has no session).
    const staff = await browser.newContext({ baseURL: baseUrl() });
    await apiSignIn(staff);
    const lakeside = await locationNamed(staff, LAKESIDE);
    await staff.close();

    await page.goto(`/book/${lakeside.id}`);
    const form = page.getByTestId('booking-form');
    await form.waitFor();
    // The notes count toward the message limit where they are typed.
    const notes = form.getByRole('textbox', { name: 'Anything we should know?' });
    await notes.fill('Limping');
    expect(await form.getByText(/· 7 \/ 999$/).count()).toBe(1);
    await notes.fill('');
    // Only the owner's last details are filled in; everything above is left out.
    await form.getByLabel(/^Phone/).fill('+1 555 0100 2000');
    const submit = form.getByTestId('booking-submit');
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    const firstError = form.locator('[aria-invalid="true"], .Mui-error').first();
    await firstError.waitFor();
    await expect.poll(() => inWindow(page, firstError)).toBe(true);
  });

  it('a super administrator inside another account sees which one on every page, phone included, and goes back', async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, 'superadmin@demo.test', '/profile');
    await mainNav(page).waitFor();
    const banner = page.getByRole('region', { name: 'Account you are viewing' });
    expect(await banner.count()).toBe(0);

    await accountDropdown(page).click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menu').getByRole('menuitem', { name: 'Demo Veterinary Group', exact: true }).click();
    await reloaded;
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Viewing Demo Veterinary Group');

    for (const [path, heading] of [['/clients', 'Clients'], ['/appointments', 'Appointments'], ['/', undefined]] as const) {
      await openInApp(page, path);
      await mainNav(page).waitFor();
      if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await banner.waitFor();
      expect(await inWindow(page, banner), path).toBe(true);
    }

    // On a phone the navigation is closed; the banner stays, also after scrolling down a long list.
    await narrowToPhone(page);
    // Patients under All Locations: every location's, a list longer than the screen.
    await openInApp(page, '/patients');
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    await banner.waitFor();
    expect(await inWindow(page, banner)).toBe(true);
    await page.getByRole('grid', { name: 'Patients' }).getByRole('row').nth(10).waitFor();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inWindow(page, banner)).toBe(true);

    const back = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Back to Willow Support' }).click();
    await back;
    await page.setViewportSize(DESKTOP);
    await mainNav(page).waitFor();
    await expect.poll(() => accountDropdown(page).getAttribute('aria-label')).toBe('Account: Willow Support');
    expect(await banner.count()).toBe(0);
  });
});
