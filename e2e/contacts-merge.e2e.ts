// Merging two near-duplicate contacts, keeping one field from the second, then undoing it.
// The contacts are made here with unique names; the demo contacts are left alone.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { dataRows, ownerOn, pickOption, rowWith, toast, toastText } from './clinic.ts';
import { unique } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface NewContact {
  name: string;
  organisation: string;
  email: string;
  phone: string;
}

async function createContact(page: Page, c: NewContact) {
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('dialog', { name: 'New contact' });
  await form.getByLabel('Name').fill(c.name);
  await form.getByLabel('Organisation').fill(c.organisation);
  await pickOption(form, 'Category', 'Referring vet');
  await form.getByLabel('Email').fill(c.email);
  await form.getByLabel('Phone').fill(c.phone);
  await form.getByRole('button', { name: 'Create' }).click();
  await toastText(page, 'Contact created').first().waitFor();
  await form.waitFor({ state: 'hidden' });
}

/**
 * Ticks a row's box, as a person does, and waits for it to show ticked. The page holds the grid's
 * selection and the grid takes it back in an effect, so the box shows its new state a render after
 * the click: Playwright's check(), which reads the state at once, read it too early on a loaded
 * machine and failed.
 */
async function selectRow(row: Locator) {
  const box = row.getByRole('checkbox', { name: 'Select row' });
  await box.click();
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('contacts merge', () => {
  it('merges two contacts keeping a field from the second, then undoes the merge', async () => {
    const { page } = await cleanTab();
    const id = unique();
    const first: NewContact = {
      name: `Northgate Vets ${id}`,
      organisation: 'Northgate Veterinary Practice',
      email: `north-${id}@example.test`,
      phone: '+1 555 0101',
    };
    const second: NewContact = {
      name: `Northgate Veterinary ${id}`,
      organisation: 'Northgate Veterinary Practice',
      email: `reception-${id}@example.test`,
      phone: '+1 555 0202',
    };
    await ownerOn(page, '/contacts', 'Contacts');
    await createContact(page, first);
    await createContact(page, second);

    const grid = page.getByRole('grid', { name: 'Contacts' });
    await page.getByRole('textbox', { name: 'Search contacts' }).fill(id);
    await expect.poll(() => dataRows(grid).count()).toBe(2);
    const firstRow = rowWith(grid, first.name);
    const secondRow = rowWith(grid, second.name);
    expect(await firstRow.innerText()).toContain(first.phone);
    expect(await secondRow.innerText()).toContain(second.phone);

    // Select both (the first one first: it is the one kept unless changed), then merge.
    const merge = page.getByRole('button', { name: /^Merge/ });
    expect(await merge.isDisabled()).toBe(true);
    await selectRow(firstRow);
    await selectRow(secondRow);
    await page.getByRole('button', { name: 'Merge (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 contacts' });
    expect(await dialog.getByRole('radio', { name: `Keep ${first.name}` }).isChecked()).toBe(true);
    // Only the fields on which they differ are offered; the organisation is the same.
    const choices = dialog.getByRole('table', { name: 'Merge choices' });
    expect(await choices.getByRole('rowheader', { name: 'Phone' }).count()).toBe(1);
    expect(await choices.getByRole('rowheader', { name: 'Organisation' }).count()).toBe(0);
    const phoneFromSecond = dialog.getByRole('radio', { name: `Phone from ${second.name}` });
    await phoneFromSecond.check();
    expect(await phoneFromSecond.isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: `Email from ${first.name}` }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const merged = toast(page, 'Contacts merged successfully');
    await merged.waitFor();
    expect(await merged.innerText()).toContain(`Kept ${first.name}`);
    await merged.getByRole('button', { name: 'Undo' }).waitFor();

    // Only the survivor is left, with its own email and the second one's phone.
    await secondRow.waitFor({ state: 'detached' });
    await expect.poll(() => dataRows(grid).count()).toBe(1);
    const survivor = await firstRow.innerText();
    expect(survivor).toContain(second.phone);
    expect(survivor).not.toContain(first.phone);
    expect(survivor).toContain(first.email);

    // Undo from Recent merges: both are back as they were.
    const recent = page.getByRole('region', { name: 'Recent merges' });
    const entry = recent.getByRole('listitem').filter({ hasText: `Merged ${second.name}` });
    await entry.getByRole('button', { name: `Undo merge of ${second.name}` }).click();
    await toast(page, 'Merge undone').waitFor();
    await entry.getByText('Undone', { exact: true }).waitFor();
    await secondRow.waitFor();
    await expect.poll(() => dataRows(grid).count()).toBe(2);
    await expect.poll(() => firstRow.innerText()).toContain(first.phone);
    expect(await firstRow.innerText()).toContain(first.email);
    expect(await secondRow.innerText()).toContain(second.phone);
    expect(await secondRow.innerText()).toContain(second.email);
  });
});
