// A client's document made from a document template and emailed as staff do: from the client's
// Documents tab, through a location whose SMTP settings point at the local mail server; the mail
// arrives with the PDF attached.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiSignIn, json, locationRow, ownerOn, rowMenuAction, rowWith, toast, toastText, useLocalMail } from './clinic.ts';
import { unique } from './helpers.ts';
import { waitForMail } from './mailbox.ts';
import { tinyPng } from '../apps/server/test/images.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;
const TEMPLATE = `Aftercare letter ${unique()}`;

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Letters ${unique()}`, timeZone: 'America/New_York' });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
  await useLocalMail(api, own.id, { email: 'front@letters-clinic.test', name: 'Letters Clinic' });
  await json(
    await api.request.post('/api/documentTemplate', {
      data: {
        documentTemplateData: {
          locationId: own.id,
          name: TEMPLATE,
          body: '# Thinking of you\n\nDear **{{ client.fullName }}**,\n\n| Keepsake | Price |\n| --- | --- |\n| Paw print | $45.00 |',
        },
      },
    }),
    'create document template',
  );
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

describe('sending a PDF', () => {
  it('creates a document from a template on the client’s Documents tab and emails it; the mail carries the PDF', async () => {
    const id = unique();
    const email = `hazel-${id}@example.test`;
    const client = await apiCreateClient(api, { locationId: own.id, firstName: 'Hazel', lastName: `Letter${id}`, email });
    const { page } = await cleanTab();
    await ownerOn(page, `/clients/${client.id}`, `Hazel Letter${id}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    const grid = page.getByRole('grid', { name: 'Documents' });
    await grid.getByText('No documents yet').waitFor();

    await page.getByRole('button', { name: 'Create from template' }).click();
    const create = page.getByRole('dialog', { name: 'Create document from template' });
    await create.getByRole('combobox', { name: /Template/ }).click();
    await page.getByRole('option', { name: TEMPLATE }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    const fileName = `${TEMPLATE} - Hazel Letter${id}.pdf`;
    await toast(page, `${fileName} created`).waitFor();
    await create.waitFor({ state: 'hidden' });
    const row = rowWith(grid, fileName);
    await row.waitFor();

    await rowMenuAction(row, `Email ${fileName}`);
    const dialog = page.getByRole('dialog', { name: 'Email document' });
    await expect.poll(() => dialog.getByLabel('To').inputValue()).toBe(email);
    await dialog.getByLabel('Subject').fill('Our letter to you');
    // Esc with something typed asks before throwing it away; staying keeps it
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Keep editing/i }).click();
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe('Our letter to you');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Email sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Our letter to you');
    expect(mail.text).toContain(`Please find ${fileName} attached.`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: fileName, contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment!.base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the very bytes the portal keeps
    const kept = await api.request.get(`/api/document/${(await documentIdOf(client.id, fileName))}/download`);
    expect(Buffer.from(await kept.body()).equals(pdf)).toBe(true);
  });
});

describe('the letterhead logo', () => {
  it('is uploaded in the location’s settings, printed on its PDFs, and removed again', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/locations', 'Locations');
    const row = await locationRow(page, own.name);
    await row.getByRole('button', { name: `Edit ${own.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${own.name}` });
    await dialog.getByText('No logo').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng(40, 20) });
    // the dialog stays open, so the toast sits beside it (outside the dialog's accessibility tree)
    await toastText(page, 'Logo uploaded').waitFor();
    const logo = dialog.getByRole('img', { name: `Logo of ${own.name}` });
    await logo.waitFor();
    // the image really loads (the route serves it to the page)
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);

    // printed on a document made on a page that shows it
    const pdfPage = await json<{ id: string }>(
      await api.request.post('/api/pdfTemplate', {
        data: { pdfTemplateData: { locationId: own.id, name: `Letterhead ${unique()}`, header: '{{ location.name }}', showLogo: true } },
      }),
      'create PDF template',
    );
    const template = await json<{ id: string }>(
      await api.request.post('/api/documentTemplate', {
        data: { documentTemplateData: { locationId: own.id, name: `Certificate ${unique()}`, body: 'In memory.', pdfTemplateId: pdfPage.id } },
      }),
      'create document template',
    );
    const client = await apiCreateClient(api, { locationId: own.id, firstName: 'Ivy', lastName: `Logo${unique()}` });
    const made = await json<{ id: string }>(
      await api.request.post(`/api/documentTemplate/${template.id}/generate`, { data: { data: { clientId: client.id } } }),
      'generate',
    );
    const pdf = Buffer.from(await (await api.request.get(`/api/document/${made.id}/download`)).body());
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);

    await dialog.getByRole('button', { name: 'Remove logo' }).click();
    await toastText(page, 'Logo removed').waitFor();
    await dialog.getByText('No logo').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

async function documentIdOf(clientId: string, fileName: string): Promise<string> {
  const documents = await json<{ id: string; fileName: string }[]>(await api.request.get(`/api/document?clientId=${clientId}`), 'list documents');
  return documents.find((d) => d.fileName === fileName)!.id;
}
