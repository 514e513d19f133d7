// Nothing typed is lost by accident: Esc or a click outside a form dialog with changes asks
// "Discard changes?"; an untouched dialog closes at once.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { LAKESIDE, ownerOn } from './clinic.ts';
import { openInApp } from './helpers.ts';
import { appointmentDialog, ownerAt } from './scheduling.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const discardPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Discard changes?' });

/** A click on the dim backdrop beside the dialog (top-left corner of the window). */
const clickOutside = (page: Page) => page.mouse.click(3, 3);

describe('unsaved changes', () => {
  it('a new client: untouched closes at once; with changes Esc and a click outside ask, keep editing keeps the text', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/clients', 'Clients');
    const newClient = page.getByRole('button', { name: 'New client' });
    const form = page.getByRole('dialog', { name: 'New client' });

    await newClient.click();
    await form.getByLabel('First name').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await discardPrompt(page).count()).toBe(0);

    await newClient.click();
    await form.getByLabel('First name').fill('Harriet');
    await page.keyboard.press('Escape');
    await discardPrompt(page).waitFor();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardPrompt(page).waitFor({ state: 'hidden' });
    expect(await form.getByLabel('First name').inputValue()).toBe('Harriet');

    await clickOutside(page);
    await discardPrompt(page).waitFor();
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'hidden' });

    // A discarded form starts empty next time.
    await newClient.click();
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    // Typed and taken back is no change.
    await form.getByLabel('First name').fill('x');
    await form.getByLabel('First name').fill('');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
  });

  it('a new appointment: untouched closes at once; notes typed make Esc and a click outside ask first', async () => {
    const { page } = await cleanTab();
    await ownerAt(page, LAKESIDE);
    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const newAppointment = page.getByRole('button', { name: 'New appointment' });
    const dialog = appointmentDialog(page, 'New appointment');

    await newAppointment.click();
    await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await newAppointment.click();
    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    await notes.fill('Owner asks for the quiet room');
    await page.keyboard.press('Escape');
    await discardPrompt(page).waitFor();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(await notes.inputValue()).toBe('Owner asks for the quiet room');

    await clickOutside(page);
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
