// Business › Analytics › Reports as an owner uses it on a Monday: last month's revenue with the
// dates typed, the totals on screen, the XLSX opened and its total read back, the filters saved
// and applied again, "last month" saved as a moving range; on a phone too, axe clean.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDate, resolveReportRange, type ReportFilterSet } from '@willow/contracts';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiSignIn, json, OWNER, startSignedIn, toastText } from './clinic.ts';
import { openInApp, typeDate, unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';
import { ownerAt } from './scheduling.ts';

let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;

/** The file's own location's time zone: "last month" is on its calendar, for the invoices and the saved moving range alike. */
const TIME_ZONE = 'America/New_York';
/**
 * Last month's first and last days on the location's calendar, where the saved "Last month" range
 * resolves: for the first hours of a month in UTC, the test's own calendar is a month ahead of New York's.
 */
const MONTH = resolveReportRange('lastMonth', localDate(new Date(), TIME_ZONE));
/** Two invoices issued last month at the file's own location: 120.00 + 2 × 45.50 and 80.25. */
const TOTAL_CENTS = 12_000 + 9_100 + 8_025;
/** A controlled drug received today at the file's own location, expiring within the expiring-stock report's window. */
const DRUG = `Ketamine ${unique()}`;
/** A day `days` from today on the UTC calendar (the location's today lies within a day of it). */
const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Reports ${unique()}`, timeZone: TIME_ZONE, services: [] });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
  const client = await apiCreateClient(api, { locationId: own.id, firstName: 'Ruth', lastName: `Report${unique()}` });
  const line = (description: string, quantity: number, unitPrice: number) => ({ kind: 'text', description, quantity, unitPrice });
  for (const [issuedOn, items] of [
    [MONTH.from, [line('Consultation', 1, 12_000), line('=Nail trim', 2, 4_550)]],
    [MONTH.to, [line('Follow-up', 1, 8_025)]],
  ] as const) {
    const invoice = await json<{ id: string }>(
      await api.request.post('/api/invoice', { data: { invoiceData: { locationId: own.id, clientId: client.id, issuedOn }, invoiceItems: items } }),
      'create invoice',
    );
    await json(await api.request.post(`/api/invoice/${invoice.id}/finalise`), 'finalise invoice');
  }
  const drug = await json<{ id: string }>(
    await api.request.post('/api/item', {
      data: { itemData: { name: DRUG, category: 'medication', purchaseUnit: 'box', sellUnit: 'vial', unitsPerPurchase: 10, cost: 5_000, controlled: true } },
    }),
    'create item',
  );
  await json(
    await api.request.post('/api/inventoryLog', {
      data: { inventoryLogData: { type: 'received', itemId: drug.id, locationId: own.id, quantity: 2, lotNumber: 'K-E2E', expiresOn: utcDay(30) } },
    }),
    'receive',
  );
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const grid = (page: Page) => page.getByRole('grid', { name: 'Revenue' });
const cell = (page: Page, text: string) => grid(page).getByRole('gridcell', { name: text, exact: true }).first();
const totalsRow = (page: Page) => grid(page).getByRole('row').filter({ hasText: 'Total' }).last();

/** The report's table has its answer: a totals row, or the line saying it has no rows (the location is new). */
const answered = (page: Page, label: string) => {
  const table = page.getByRole('grid', { name: label });
  return table.getByRole('row').filter({ hasText: 'Total' }).or(table.getByText(/^(No|Nothing) /)).first().waitFor();
};

describe('reports', () => {
  it('runs last month’s revenue with the dates typed, exports the XLSX with the same total, saves the filters and applies them again', async () => {
    const { page } = await cleanTab();
    await ownerAt(page, own.name);
    await openInApp(page, '/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Revenue', selected: true }).count()).toBe(1);

    // Last month's dates typed with the keyboard.
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await typeDate(from, MONTH.from);
    await typeDate(to, MONTH.to);
    await pick(page, 'Location', own.name);

    const month = MONTH.from.slice(0, 7);
    await cell(page, month).waitFor();
    await expect.poll(() => totalsRow(page).innerText(), { timeout: 30_000 }).toContain(money(TOTAL_CENTS));
    expect(page.url()).toContain(`locationId=${own.id}`);

    // The XLSX: the same filters' file, its last row the total the screen shows.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export XLSX' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`revenue-by-month-${MONTH.from}-to-${MONTH.to}.xlsx`);
    const path = join(await mkdtemp(join(tmpdir(), 'willow-report-')), download.suggestedFilename());
    await download.saveAs(path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const totalColumn = header.indexOf('Total (USD)');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(Math.round(Number(last.getCell(totalColumn).value) * 100)).toBe(TOTAL_CENTS);
    expect(sheet.getRow(2).getCell(1).value).toBe(month);

    // Saved without a name: said under Name, and nothing is saved.
    const savedSets = async () => (await json<{ name: string }[]>(await page.context().request.get('/api/reports/filterSets?report=revenue'), 'saved filter sets')).length;
    const before = await savedSets();
    await page.getByRole('button', { name: 'Save filters…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save filters' });
    const nameBox = dialog.getByRole('textbox', { name: 'Name' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('This field is required.', { exact: true }).waitFor();
    expect(await nameBox.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await nameBox.getAttribute('aria-describedby'))!;
    expect(await dialog.locator(`[id="${describedBy}"]`).innerText()).toBe('This field is required.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await savedSets()).toBe(before);

    // Named, it saves: Esc asks first and keeps what was typed.
    const name = `Last month ${unique()}`;
    await nameBox.fill(name);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => nameBox.inputValue()).toBe(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, `Filters saved as “${name}”`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await savedSets()).toBe(before + 1);

    // Another grouping, then the saved set again: the month's row and its total are back.
    await pick(page, 'Group by', 'Day');
    await cell(page, MONTH.from).waitFor();
    await pick(page, 'Saved filters', name);
    await cell(page, month).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Group by' }).innerText(), { timeout: 30_000 }).toBe('Month');
    await expect.poll(() => totalsRow(page).innerText(), { timeout: 30_000 }).toContain(money(TOTAL_CENTS));

    // A range that ends before it starts: said under To; mended, the report is back.
    await typeDate(to, '2020-01-15');
    await page.getByText('must be on or after from').waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    await typeDate(to, MONTH.to);
    await expect.poll(() => totalsRow(page).innerText(), { timeout: 30_000 }).toContain(money(TOTAL_CENTS));

    // Saved as "Last month", a moving range: applied after other days were typed, it is last month
    // again on the location's calendar (New York's), whatever day it is applied on.
    const moving = `Monday revenue ${unique()}`;
    await page.getByRole('button', { name: 'Save filters…' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(moving);
    await pick(page, 'Dates', 'Last month');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, `Filters saved as “${moving}”`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const sets = await json<ReportFilterSet[]>(await page.context().request.get('/api/reports/filterSets?report=revenue'), 'saved filter sets');
    const saved = sets.find((s) => s.name === moving)!;
    const newYorkLastMonth = resolveReportRange('lastMonth', localDate(new Date(), TIME_ZONE));
    expect(saved).toMatchObject({ range: 'lastMonth', filters: { ...newYorkLastMonth, locationId: own.id, groupBy: 'month' } });
    await typeDate(from, '2020-01-01');
    await typeDate(to, '2020-01-31');
    await expect.poll(() => page.url()).toContain('to=2020-01-31');
    await pick(page, 'Saved filters', `${moving} (Last month)`);
    await expect.poll(() => from.inputValue()).toBe(newYorkLastMonth.from);
    await expect.poll(() => to.inputValue()).toBe(newYorkLastMonth.to);
    await expect.poll(() => page.url()).toContain(`from=${newYorkLastMonth.from}`);
    await expect.poll(() => totalsRow(page).innerText(), { timeout: 30_000 }).toContain(money(TOTAL_CENTS));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works at 375 px: the report opened from its link, its table and exports within reach, axe clean', async () => {
    const { page } = await cleanTab({ width: 375, height: 800 });
    // A phone's first load is the report's link itself (the navigation sits behind Menu).
    await startSignedIn(page, OWNER, `/reports?report=revenue&from=${MONTH.from}&to=${MONTH.to}&locationId=${own.id}`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expect.poll(() => totalsRow(page).innerText(), { timeout: 30_000 }).toContain(money(TOTAL_CENTS));
    await page.getByRole('link', { name: 'Export CSV' }).isVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The ageing report: another tab, the same page.
    await page.getByRole('tab', { name: 'Receivables ageing' }).click();
    await page.getByRole('grid', { name: 'Receivables ageing' }).getByRole('row').filter({ hasText: 'Total' }).waitFor();
    expect(page.url()).toContain('report=receivablesAgeing');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works at 375 px for the stock reports: expiring stock and the controlled-drug ledger, their tables within the width, axe clean', async () => {
    const { page } = await cleanTab({ width: 375, height: 800 });
    await startSignedIn(page, OWNER, `/reports?report=expiringStock&locationId=${own.id}`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const expiring = page.getByRole('grid', { name: 'Expiring stock' });
    await expiring.getByRole('row').filter({ hasText: DRUG }).filter({ hasText: 'K-E2E' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // The ledger: another tab (scrolled to on a phone), the days typed, today's receipt in them.
    await page.getByRole('tab', { name: 'Controlled-drug ledger' }).click();
    await answered(page, 'Controlled-drug ledger');
    expect(page.url()).toContain('report=controlledDrugLedger');
    await typeDate(page.getByLabel('From', { exact: true }), utcDay(-1));
    await typeDate(page.getByLabel('To', { exact: true }), utcDay(1));
    const ledger = page.getByRole('grid', { name: 'Controlled-drug ledger' });
    await ledger.getByRole('row').filter({ hasText: DRUG }).filter({ hasText: 'Received' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens every other report from its tab, the location kept, a due-before day typed for the vaccinations, the drug received in the stock reports', async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, OWNER, `/reports?report=revenue&locationId=${own.id}`);
    for (const label of ['Payments by type', 'Missed charges', 'Appointments by status', 'End of life', 'Stock valuation', 'Vaccinations due']) {
      await page.getByRole('tab', { name: label }).click();
      await answered(page, label);
      expect(page.url()).toContain(`locationId=${own.id}`);
    }
    await typeDate(page.getByLabel('Due before', { exact: true }), '2031-01-15');
    await expect.poll(() => page.url()).toContain('dueBefore=2031-01-15');
    await answered(page, 'Vaccinations due');

    // The drug's lot, 30 days from expiry: within the window the report opens with.
    await page.getByRole('tab', { name: 'Expiring stock' }).click();
    const expiring = page.getByRole('grid', { name: 'Expiring stock' });
    await expiring.getByRole('row').filter({ hasText: DRUG }).filter({ hasText: 'K-E2E' }).waitFor();
    expect(page.url()).toContain(`locationId=${own.id}`);
    // A day before the expiry: the lot leaves the report.
    await typeDate(page.getByLabel('Expires on or before', { exact: true }), utcDay(20));
    await expect.poll(() => page.url()).toContain(`before=${utcDay(20)}`);
    await expiring.getByText('No stock expiring').waitFor();

    // The ledger opens on last month (nothing received then), then today's receipt in the days typed.
    await page.getByRole('tab', { name: 'Controlled-drug ledger' }).click();
    await answered(page, 'Controlled-drug ledger');
    await page.getByRole('combobox', { name: 'Controlled drug' }).waitFor();
    await typeDate(page.getByLabel('From', { exact: true }), utcDay(-1));
    await typeDate(page.getByLabel('To', { exact: true }), utcDay(1));
    const ledger = page.getByRole('grid', { name: 'Controlled-drug ledger' });
    await ledger.getByRole('row').filter({ hasText: DRUG }).filter({ hasText: 'Received' }).filter({ hasText: '+20 vial' }).waitFor();
    await pick(page, 'Controlled drug', DRUG);
    await expect.poll(() => page.url()).toContain('itemId=');
    await ledger.getByRole('row').filter({ hasText: 'Total' }).filter({ hasText: 'In 20, out 0' }).waitFor();
  });
});
