// Settings › Account › Export all data, on a phone: the account manager starts the archive, watches
// its progress reach the end (made by the server's archive queue worker), downloads the zip and
// finds the practice's records in it; the card passes axe.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { cleanTab, launch } from './browser.ts';
import { apiSignIn, toastText } from './clinic.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('exporting all data', () => {
  it('starts an export, shows its progress to the end, and downloads the zip, on a 375 px screen', async () => {
    const { context, page } = await cleanTab({ width: 375, height: 740 });
    await apiSignIn(context);
    // A past export of this run's account is deleted first: each run starts from no export in preparation.
    const before = (await (await context.request.get('/api/accountArchive')).json()) as { id: string; status: string }[];
    for (const a of before.filter((x) => x.status !== 'preparing')) await context.request.delete(`/api/accountArchive/${a.id}`);

    await page.goto('/myAccount');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Export all data' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Export all data' }).click();
    await toastText(page, 'Export started: we will email you when it is ready').waitFor();

    // The progress bar while it is prepared, then the export ready with its Download.
    const exports = card.getByRole('list', { name: 'Exports' });
    const download = exports.getByRole('link', { name: 'Download' }).first();
    await download.waitFor({ timeout: 120_000 });
    await expect.poll(() => card.getByRole('progressbar').count()).toBe(0);
    await exports.getByText(/^Ready, .* available until /).first().waitFor();
    expect(await card.getByRole('button', { name: 'Export all data' }).isEnabled()).toBe(true);
    // The bar went to its end: every row and file counted.
    const [made] = (await (await context.request.get('/api/accountArchive')).json()) as { status: string; done: number; total: number }[];
    expect(made).toMatchObject({ status: 'ready' });
    expect(made!.done).toBe(made!.total);
    expect(made!.total).toBeGreaterThan(0);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await download.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^willow-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = join(await mkdtemp(join(tmpdir(), 'willow-export-')), file.suggestedFilename());
    await file.saveAs(path);
    const zip = await JSZip.loadAsync(await readFile(path));
    expect(zip.file('README.txt')).not.toBeNull();
    const clients = (await zip.file('clients.csv')!.async('string')).split('\r\n');
    expect(clients[0]).toContain('first_name');
    expect(clients.length).toBeGreaterThan(2);
    expect(zip.file('sessions.csv')).toBeNull();
    expect(await zip.file('users.csv')!.async('string')).not.toContain('password_hash');
  });
});
