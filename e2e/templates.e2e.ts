// Email templates at a location of the file's own: written with merge fields from the inserter, seen
// in the live preview with the sample data, saved, edited (Esc with changes asks before discarding
// them), deleted; and once on a 375 px screen, where the dialog fills the screen and nothing scrolls
// sideways. A note template goes into a patient's notes filled in with the patient's own data.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, locationNamed, OWNER, rowWith, speciesId, startSignedIn, toastText } from './clinic.ts';
import { mainNav, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Templates ${unique()}`, timeZone: 'America/New_York' });
});
afterAll(async () => {
  await browser?.close();
});

const discardPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Discard changes?' });

async function openEmailTemplates(page: Page) {
  await startSignedIn(page, OWNER, `/emailTemplates?locationId=${own.id}`);
  await mainNav(page).waitFor();
  await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
  await page.getByText(own.name).first().waitFor();
}

/** The Edit or Delete button of the template's row. */
const rowAction = (grid: Locator, name: string, action: 'Edit' | 'Delete'): Locator =>
  rowWith(grid, name).getByRole('button', { name: `${action} ${name}` }).or(rowWith(grid, name).getByRole('menuitem', { name: `${action} ${name}` }));

/** Chooses a merge field from the dialog's "Insert field" menu. */
async function insertField(dialog: Locator, field: string) {
  await dialog.getByRole('button', { name: 'Insert field' }).click();
  await dialog.page().getByRole('menuitem', { name: field }).click();
  await dialog.page().getByRole('menu').waitFor({ state: 'hidden' });
}

/** Writes the template with the keyboard, the merge fields from the inserter at the caret. */
async function writeTemplate(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const subject = dialog.getByRole('textbox', { name: 'Subject' });
  await subject.click();
  await page.keyboard.type('Thinking of ');
  await insertField(dialog, 'Patient: Name');
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('Dear , we are here for you.');
  // Back to just after "Dear": the field goes in there, not at the end.
  for (let i = 0; i < ', we are here for you.'.length; i += 1) await page.keyboard.press('ArrowLeft');
  await insertField(dialog, 'Client: First name');
  await expect.poll(() => body.inputValue()).toBe('Dear {{ client.firstName }}, we are here for you.');
  // The caret is after the inserted field: typing goes on from there.
  await page.keyboard.type('!');
  await expect.poll(() => body.inputValue()).toBe('Dear {{ client.firstName }}!, we are here for you.');
  await page.keyboard.press('Backspace');
  // Ctrl+End: the end of the text (End alone stops at the end of a wrapped line on a phone).
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\n**{{ location.name }}**');
  expect(await body.inputValue()).toBe('Dear {{ client.firstName }}, we are here for you.\n\n**{{ location.name }}**');
  expect(await subject.inputValue()).toBe('Thinking of {{ patient.name }}');
}

async function seePreview(dialog: Locator) {
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await preview.getByText('Thinking of Biscuit').waitFor();
  const body = dialog.page().frameLocator('iframe[title="Body preview"]');
  await body.getByText('Dear Maria, we are here for you.').waitFor();
  // Markdown rendered by the server: the location's name in bold.
  await body.locator('strong', { hasText: 'Willow Home Vet — Springfield' }).waitFor();
}

describe('email templates', () => {
  it('writes one with the inserter, previews it with sample data, saves, edits (Esc asks first) and deletes it', async () => {
    const { page } = await cleanTab();
    await openEmailTemplates(page);
    const name = `Condolences ${unique()}`;
    await page.getByRole('button', { name: 'New email template' }).click();
    const dialog = page.getByRole('dialog', { name: `New email template at ${own.name}` });
    await writeTemplate(page, dialog, name);
    await seePreview(dialog);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Template created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const grid = page.getByRole('grid', { name: 'Email Templates' });
    await rowWith(grid, name).getByText('Thinking of {{ patient.name }}').waitFor();

    // Edited: the saved text comes back, and Esc with a change asks before throwing it away.
    await rowAction(grid, name, 'Edit').click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    const subject = edit.getByRole('textbox', { name: 'Subject' });
    expect(await subject.inputValue()).toBe('Thinking of {{ patient.name }}');
    await subject.fill('Thinking of {{ patient.name }} today');
    await page.keyboard.press('Escape');
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await discardPrompt(page).waitFor({ state: 'hidden' });
    expect(await subject.inputValue()).toBe('Thinking of {{ patient.name }} today');
    await edit.getByRole('region', { name: 'Preview' }).getByText('Thinking of Biscuit today').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Template updated').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await rowWith(grid, name).getByText('Thinking of {{ patient.name }} today').waitFor();

    // A change discarded on purpose is not saved.
    await rowAction(grid, name, 'Edit').click();
    await edit.getByRole('textbox', { name: 'Subject' }).fill('Not this');
    await page.keyboard.press('Escape');
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await edit.waitFor({ state: 'hidden' });
    await rowWith(grid, name).getByText('Thinking of {{ patient.name }} today').waitFor();

    // An unknown merge field is refused with its line, under the field, and nothing is lost.
    await rowAction(grid, name, 'Edit').click();
    const body = edit.getByRole('textbox', { name: 'Body' });
    await body.fill('Dear {{ client.firstName }},\n{{ client.nickname }}');
    await edit.getByText(/Line 2: unknown merge field client\.nickname/).first().waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Error updating template').waitFor();
    expect(await body.inputValue()).toBe('Dear {{ client.firstName }},\n{{ client.nickname }}');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });

    await rowAction(grid, name, 'Delete').click();
    const confirm = page.getByRole('dialog', { name: 'Delete email template' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastText(page, 'Template deleted').waitFor();
    await rowWith(grid, name).waitFor({ state: 'detached' });
  });

  it('at 375 px: the dialog fills the screen, the preview sits below the editor, nothing scrolls sideways', async () => {
    const { page } = await cleanTab();
    // Signed in on a desk screen (the phone hides the main navigation), then on the phone.
    await openEmailTemplates(page);
    await page.setViewportSize({ width: 375, height: 740 });
    const name = `Phone ${unique()}`;
    await page.getByRole('button', { name: 'New email template' }).click();
    const dialog = page.getByRole('dialog', { name: `New email template at ${own.name}` });
    await writeTemplate(page, dialog, name);
    await seePreview(dialog);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    const editor = await dialog.getByRole('textbox', { name: 'Body' }).boundingBox();
    const preview = await dialog.getByRole('region', { name: 'Preview' }).boundingBox();
    expect(preview!.y).toBeGreaterThan(editor!.y + editor!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Template created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowWith(page.getByRole('grid', { name: 'Email Templates' }), name).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("a note template goes into a patient's notes, filled in with the patient and the client", async () => {
    const { context, page } = await cleanTab();
    await apiSignIn(context);
    const location = await locationNamed(context, own.name);
    const last = `Notes${unique()}`;
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Nora', lastName: last });
    const patient = await apiCreatePatient(context, { clientId: client.id, name: 'Pepper', speciesId: speciesId(location, 'Dog') });
    const template = `Visit ${unique()}`;
    await json(
      await context.request.post('/api/noteTemplate', {
        data: { noteTemplateData: { locationId: own.id, name: template, body: '{{ patient.name }} rested with {{ client.firstName }}.' } },
      }),
      'note template',
    );

    await page.goto(`/patients/${patient.id}`);
    await page.getByRole('heading', { name: 'Pepper', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Pepper' });
    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    await notes.fill('Quiet evening.');
    await dialog.getByRole('button', { name: 'Insert template' }).click();
    await page.getByRole('menuitem', { name: template }).click();
    await expect.poll(() => notes.inputValue()).toBe('Quiet evening.\nPepper rested with Nora.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Patient updated').waitFor();
    await page.getByText('Pepper rested with Nora.').waitFor();
  });
});
