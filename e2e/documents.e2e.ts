// Documents on a client's page: a PDF goes up (with its progress), comes back byte for byte, and
// files that are not PDFs or images are refused with the contract's message.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiSignIn, OWNER, OWNER_NAME, rowWith, toastText } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';

const BAD_TYPE = 'This type of file is not accepted. Upload a PDF or an image (PNG, JPEG, GIF or WebP).';

let browser: Browser;
/** The file's own location, for its clients. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Documents ${unique()}`,
    timeZone: 'America/Los_Angeles',
  });
});
afterAll(async () => {
  await browser?.close();
});

/** A small but real-looking PDF, with the binary comment line PDF writers put after the header. */
function pdfBytes(marker: string): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]),
    Buffer.from(
      `1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    ),
  ]);
}

/** Chooses a file through the dialog's own button (the browser's file chooser). */
async function chooseFile(page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Choose (another )?file$/ }).click();
  await (await chooser).setFiles(file);
  await dialog.getByText(file.name, { exact: false }).waitFor();
}

/** Signs in and opens the Documents tab of a new client of this test's own. */
async function clientDocuments(page: Page, id: string) {
  await apiSignIn(page.context(), OWNER);
  const client = await apiCreateClient(page.context(), { locationId: own.id, firstName: 'Robin', lastName: `Papers${id}` });
  await page.goto(`/clients/${client.id}?tab=documents`);
  await page.getByRole('heading', { name: `Robin Papers${id}`, level: 1 }).waitFor();
  const grid = page.getByRole('grid', { name: 'Documents' });
  await grid.getByText('No documents yet').waitFor();
  return grid;
}

describe('documents', () => {
  it('uploads a PDF with progress, lists it, and downloads the same bytes', async () => {
    const { context, page } = await cleanTab();
    const id = unique();
    const grid = await clientDocuments(page, id);
    const fileName = `referral-${id}.pdf`;
    const bytes = pdfBytes(id);

    // Hold the upload in flight so its progress can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/document', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Upload document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload document' });
    await chooseFile(page, dialog, { name: fileName, mimeType: 'application/pdf', buffer: bytes });
    await dialog.getByLabel('Description').fill('Referral letter');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await dialog.getByText(/^(Uploading… \d+%|Saving…)$/).waitFor();
    release();
    expect((await uploaded).status()).toBe(201);
    await toastText(page, 'Document uploaded').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute('**/api/document');

    const row = rowWith(grid, fileName);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Referral letter');
    expect(text).toContain('PDF');
    expect(text).toContain(`${bytes.length} B`);
    expect(text).toContain(OWNER_NAME);

    // The download button: the browser saves exactly the bytes that went up.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${fileName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    // Saved where the test says: the browser is shared by the run (reached over a connection),
    // and a connected browser's own download folder is not the test's to read.
    const path = join(await mkdtemp(join(tmpdir(), 'willow-download-')), fileName);
    await download.saveAs(path);
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);

    // The file link (opens inline) serves the same bytes to the signed-in session.
    const href = await row.getByRole('link', { name: fileName }).getAttribute('href');
    expect(href).toMatch(/\/api\/document\/[^/]+\/download\?inline=true$/);
    const inline = await context.request.get(href!);
    expect(inline.status()).toBe(200);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.compare(await inline.body(), bytes)).toBe(0);
  });

  it('refuses a file that is not a PDF or an image, before sending it and on the server', async () => {
    const { page } = await cleanTab();
    const id = unique();
    const grid = await clientDocuments(page, id);
    await page.getByRole('button', { name: 'Upload document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload document' });

    // A text file is refused as soon as it is chosen.
    await chooseFile(page, dialog, { name: `notes-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from('just some notes\n') });
    await dialog.getByRole('alert').filter({ hasText: BAD_TYPE }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    // A file that only claims to be a PDF passes the browser's check; the server reads its bytes and refuses it.
    await chooseFile(page, dialog, { name: `disguised-${id}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await refused).status()).toBe(415);
    await dialog.getByRole('alert').filter({ hasText: BAD_TYPE }).waitFor();
    // The error toast too (the open dialog hides the rest of the page from the accessibility tree, so by text).
    await page.getByText('Error uploading document', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await grid.getByText('No documents yet').waitFor();
  });
});
