// Errors sit next to the field they are about, in words a person understands, with one toast per
// failure; dates that cannot be true are refused at the field; message fields show their limit.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, MESSAGES } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, locationNamed, ownerOn, pickOption, speciesId } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
/** The file's own location, for its clients. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Field Errors ${unique()}`,
    timeZone: 'America/Los_Angeles',
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The helper text under a field (MUI puts it in the field's FormControl). */
function helperOf(field: Locator): Promise<string> {
  return field.evaluate((el) => el.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent?.trim() ?? '');
}

/** Whether the field is shown in error (its helper text turns to an error). */
function inError(field: Locator): Promise<boolean> {
  return field.evaluate((el) => Boolean(el.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root.Mui-error')));
}

/** Waits until a field shows an error and answers its message. */
async function errorOf(field: Locator): Promise<string> {
  await expect.poll(() => inError(field)).toBe(true);
  return helperOf(field);
}

/** Whether the field holds the focus (a keyboard user's place). */
const hasFocus = (field: Locator): Promise<boolean> => field.evaluate((el) => el === document.activeElement);

/** Toasts on screen holding `text` (counted in the DOM: a modal hides them from the accessibility tree). */
const toastsWith = (page: Page, text: string): Locator => page.locator('[role="status"]').filter({ hasText: text });

/** A date `days` from today as the browser sees it, YYYY-MM-DD. */
async function browserDate(page: Page, days: number): Promise<string> {
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  return addDays(today, days);
}

describe('field errors', () => {
  it('a duplicate email marks the Email field', async () => {
    const { context, page } = await cleanTab();
    await ownerOn(page, '/clients', 'Clients');
    const location = await locationNamed(context, own.name);
    const email = `e2e-dup-${unique()}@example.test`;
    await apiCreateClient(context, { locationId: location.id, firstName: 'First', lastName: `Holder${unique()}`, email });

    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByLabel('First name').fill('Second');
    await form.getByLabel('Last name').fill(`Claimant${unique()}`);
    await form.getByLabel('Email').fill(email);
    await pickOption(form, 'Location', own.name);
    await form.getByRole('button', { name: 'Create' }).click();
    expect(await errorOf(form.getByLabel('Email'))).toBe(MESSAGES.emailInUseAtLocation);
    // Create was disabled while the save ran; the focus is now where the refusal is.
    await expect.poll(() => hasFocus(form.getByLabel('Email'))).toBe(true);
    // Changing the email clears its error.
    await form.getByLabel('Email').fill(`other-${email}`);
    expect(await inError(form.getByLabel('Email'))).toBe(false);
  });

  it('a failed save shows one toast, also when it is saved again while the toast is up', async () => {
    const { context, page } = await cleanTab();
    await ownerOn(page, '/clients', 'Clients');
    const location = await locationNamed(context, own.name);
    const email = `e2e-twice-${unique()}@example.test`;
    await apiCreateClient(context, { locationId: location.id, firstName: 'First', lastName: `Holder${unique()}`, email });

    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByLabel('First name').fill('Second');
    await form.getByLabel('Last name').fill(`Twice${unique()}`);
    await form.getByLabel('Email').fill(email);
    await pickOption(form, 'Location', own.name);
    const create = form.getByRole('button', { name: 'Create' });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/client' && r.request().method() === 'POST');
      await create.click();
      expect((await answered).status()).toBe(409);
      await expect.poll(() => create.isEnabled()).toBe(true);
      await toastsWith(page, 'Error creating client').first().waitFor();
    }
    expect(await toastsWith(page, 'Error creating client').count()).toBe(1);
  });

  it('a wrong current password is said in words, on the current-password field', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/profile', 'Profile');
    await page.getByLabel(/^Current password/).fill('not-the-password-at-all');
    await page.getByLabel(/^New password/).fill('a-brand-new-password-2');
    await page.getByLabel(/^Confirm new password/).fill('a-brand-new-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await errorOf(page.getByLabel(/^Current password/))).toBe('The current password is not correct');
    await expect.poll(() => hasFocus(page.getByLabel(/^Current password/))).toBe(true);
  });

  it('the patient form: no species says "Choose a species", a birth date in the future is refused, notes count to 999', async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Pat', lastName: `Species${unique()}` });
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('button', { name: 'Add patient' }).click();
    const form = page.getByRole('dialog', { name: 'New patient' });
    await form.getByLabel('Name').fill(`Biscuit${unique()}`);
    await form.getByLabel('Date of birth').fill(await browserDate(page, 2));

    const notes = form.getByRole('textbox', { name: 'Notes' });
    expect(await helperOf(notes)).toBe('0 / 999');
    await notes.fill('x'.repeat(1000));
    expect(await errorOf(notes)).toBe(`${MESSAGES.messageTooLong} (1000 / 999)`);
    await notes.fill('Gentle with the left hind leg');

    await form.getByRole('button', { name: 'Create' }).click();
    expect(await errorOf(form.getByRole('combobox', { name: 'Species' }))).toBe('Choose a species');
    expect(await errorOf(form.getByLabel('Date of birth'))).toBe('This field must not be in the future.');

    // Today is a birth date that can be true.
    await pickOption(form, 'Species', 'Dog');
    await form.getByLabel('Date of birth').fill(await browserDate(page, 0));
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('a vaccination given in the future, or due before it was given, is refused at the field', async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Vic', lastName: `Vaccine${unique()}` });
    const patient = await apiCreatePatient(context, { clientId: client.id, name: `Pepper${unique()}`, speciesId: speciesId(location, 'Dog') });
    await page.goto(`/patients/${patient.id}`);
    await page.getByRole('tab', { name: 'Vaccinations' }).click();
    await page.getByRole('button', { name: 'New vaccination' }).click();
    const form = page.getByRole('dialog', { name: 'New vaccination' });
    await form.getByLabel(/^Vaccine/).fill('Rabies');
    await form.getByLabel(/^Given on/).fill(await browserDate(page, 3));
    await form.getByRole('button', { name: 'Create' }).click();
    expect(await errorOf(form.getByLabel(/^Given on/))).toBe('This field must not be in the future.');

    await form.getByLabel(/^Given on/).fill('2025-06-10');
    await form.getByLabel('Next due').fill('2025-06-01');
    await form.getByRole('button', { name: 'Create' }).click();
    expect(await errorOf(form.getByLabel('Next due'))).toBe('This field must not be before the date given.');

    await form.getByLabel('Next due').fill('2026-06-10');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'hidden' });
  });
});
