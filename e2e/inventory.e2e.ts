// Inventory as a practice works it: a box of 100 tablets received with its lot and expiry (the
// barcode typed as a scanner would, the date typed with the keyboard, Esc on the half-filled dialog
// keeping what was typed), 10 tablets sold on an invoice that takes them off stock when it is
// finalised, the stock and the log showing both, then a shelf count posted as a correction; at
// 1440 px and on a 375 px phone, with axe on each page. In a location of its own.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, INVENTORY_MESSAGES, localDate } from '@willow/contracts';
import type { InventoryLogEntry, Item, StockRow } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiSignIn, json, pickOption, rowMenuAction, rowWith, toastText } from './clinic.ts';
import { narrowToPhone, openInApp, typeDate, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiHousehold, ownerAt, type Household } from './scheduling.ts';

const ZONE = 'America/Denver';
const VIEWPORTS = [
  { name: '1440 px', size: { width: 1440, height: 900 }, phone: false },
  { name: '375 px', size: { width: 375, height: 812 }, phone: true },
] as const;

let browser: Browser;
let api: BrowserContext;
let own: OwnLocation;

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Inventory ${unique()}`, timeZone: ZONE, services: [SERVICES.wellness] });
  api = await browser.newContext({ baseURL: baseUrl() });
  await apiSignIn(api);
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
});

/** An item bought by the box of 100 and sold by the tablet, reordered below 20. */
async function apiTablets(name: string, barcode: string): Promise<Item> {
  const itemData = {
    name,
    category: 'medication',
    barcode,
    purchaseUnit: 'box',
    sellUnit: 'tablet',
    unitsPerPurchase: 100,
    wholeUnits: true,
    cost: 5_000,
    sellPrice: 120,
    locations: [{ locationId: own.id, reorderPoint: 20, reorderTo: 200 }],
  };
  return json<Item>(await api.request.post('/api/item', { data: { itemData } }), 'create item');
}

async function apiStock(item: Item): Promise<StockRow> {
  const page = await json<{ items: StockRow[] }>(await api.request.get(`/api/inventory/stock?locationId=${own.id}&search=${encodeURIComponent(item.name)}`), 'stock');
  return page.items.find((r) => r.itemId === item.id)!;
}

async function apiLog(item: Item): Promise<InventoryLogEntry[]> {
  return (await json<{ items: InventoryLogEntry[] }>(await api.request.get(`/api/inventoryLog?itemId=${item.id}&order=oldest`), 'log')).items;
}

/** Types into a field as a person does: click, select what is there, type. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.type(text);
}

/** A row's action: a button of its own on a desktop, in the row's ⋮ menu on a phone. */
async function rowAction(row: Locator, name: string, phone: boolean) {
  if (phone) await rowMenuAction(row, name);
  else await row.getByRole('button', { name, exact: true }).click();
}

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function pickClientIn(editor: Locator, household: Household) {
  const box = editor.getByRole('combobox', { name: 'Client' });
  await box.click();
  await editor.page().keyboard.type(household.client.lastName);
  await editor.page().getByRole('listbox').getByRole('option').filter({ hasText: household.clientName }).click();
  await expect.poll(() => box.inputValue()).toBe(household.clientName);
}

describe('inventory', () => {
  VIEWPORTS.forEach((viewport) => {
    it(`at ${viewport.name}: a box received with its lot and expiry, 10 tablets sold on an invoice, stock and log, a count posted`, async () => {
      const name = `Carprofen ${viewport.size.width} ${unique()}`;
      const barcode = `50${unique()}`.slice(0, 13);
      const item = await apiTablets(name, barcode);
      const household = await apiHousehold(api, own, unique(), 'Stock', 'Rex');
      const expiry = addDays(localDate(Date.now(), ZONE), 200);
      const lot = `L${unique().slice(-6)}`;
      const { page } = await cleanTab();
      await ownerAt(page, own.name);
      if (viewport.phone) await narrowToPhone(page, viewport.size.height);

      // 1. Received: the barcode typed and Enter (what a scanner sends), one box, its lot and expiry.
      await openInApp(page, '/inventory');
      await page.getByRole('heading', { name: 'Stock', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Receive stock', exact: true }).click();
      const receive = page.getByRole('dialog', { name: 'Receive stock' });
      await typeInto(receive.getByRole('textbox', { name: 'Barcode' }), barcode);
      await page.keyboard.press('Enter');
      await expect.poll(() => receive.getByRole('combobox', { name: 'Item' }).inputValue()).toContain(name);
      await typeInto(receive.getByRole('textbox', { name: 'Quantity' }), '1');
      await receive.getByRole('radio', { name: 'Boxes of 100' }).check();
      await typeInto(receive.getByRole('textbox', { name: 'Lot number' }), lot);
      await typeDate(receive.getByLabel('Expiry date'), expiry);
      // Esc on what was typed asks first; keeping on loses nothing.
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Discard changes?' });
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await receive.getByRole('textbox', { name: 'Lot number' }).inputValue()).toBe(lot);
      expect(await receive.getByLabel('Expiry date').inputValue()).toBe(expiry);
      if (!viewport.phone) await noSeriousViolations(page);
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await toastText(page, INVENTORY_MESSAGES.stockReceived).waitFor();
      await receive.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await apiStock(item)).onHand).toBe(100);
      expect((await apiStock(item)).lots).toEqual([expect.objectContaining({ lotNumber: lot, expiresOn: expiry, onHand: 100 })]);

      // 2. Sold: 10 tablets on an invoice, taken off stock when it is finalised.
      await openInApp(page, '/invoices');
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New invoice' }).click();
      const editor = page.getByTestId('invoice-editor');
      await pickClientIn(editor, household);
      await pickOption(editor, 'Line 1 kind', 'Item');
      const itemBox = editor.getByRole('combobox', { name: 'Line 1 item' });
      await itemBox.click();
      await page.keyboard.type(name);
      await page.getByRole('listbox').getByRole('option').filter({ hasText: name }).click();
      await expect.poll(() => editor.getByRole('textbox', { name: 'Line 1 description' }).inputValue()).toBe(name);
      expect(await editor.getByRole('textbox', { name: 'Line 1 unit price' }).inputValue()).toBe('1.20');
      await typeInto(editor.getByRole('textbox', { name: 'Line 1 quantity' }), '10');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await toastText(page, 'Invoice created').waitFor();
      await editor.getByRole('heading', { name: 'Draft invoice' }).waitFor();
      expect((await apiStock(item)).onHand).toBe(100);
      await editor.getByRole('button', { name: 'Finalise' }).click();
      await toastText(page, 'Invoice finalised').waitFor();
      await expect.poll(async () => (await apiStock(item)).onHand).toBe(90);
      await editor.getByRole('button', { name: 'Close' }).click();

      // 3. The stock page and the log show both.
      await openInApp(page, '/inventory');
      const stock = page.getByRole('grid', { name: 'Stock' });
      await page.getByRole('textbox', { name: 'Search' }).fill(name);
      const row = rowWith(stock, name);
      await expect.poll(() => row.innerText()).toContain('90');
      await noSeriousViolations(page);
      await openInApp(page, '/inventoryLog');
      const log = page.getByRole('grid', { name: 'Inventory log' });
      await rowWith(log, name).first().waitFor();
      await expect.poll(() => rowWith(log, name).allInnerTexts()).toEqual(
        // (a desktop row reads type then quantity; a phone's folded row the other way round)
        expect.arrayContaining([expect.stringMatching(/(?=[\s\S]*Received)(?=[\s\S]*\+100)/), expect.stringMatching(/(?=[\s\S]*Sold)(?=[\s\S]*[−-]10)/)]),
      );
      await noSeriousViolations(page);
      if (!viewport.phone) {
        await openInApp(page, '/inventoryItems');
        await rowWith(page.getByRole('grid', { name: 'Items' }), name).waitFor();
        await noSeriousViolations(page);
      }

      // 4. Counted on the shelf: 88, posted as a correction with its reason.
      await openInApp(page, '/inventory');
      await page.getByRole('textbox', { name: 'Search' }).fill(name);
      await expect.poll(() => rowWith(stock, name).innerText()).toContain('90');
      await rowAction(rowWith(stock, name), `Count ${name}`, viewport.phone);
      const count = page.getByRole('dialog', { name: `Count ${name}` });
      const lotGroup = count.getByRole('group', { name: new RegExp(`Lot ${lot}`) });
      await typeInto(lotGroup.getByRole('textbox', { name: 'Counted' }), '88');
      await expect.poll(() => lotGroup.innerText()).toMatch(/Difference: [−-]2 tablets/);
      await typeInto(count.getByRole('textbox', { name: 'Reason' }), 'Shelf count');
      if (!viewport.phone) await noSeriousViolations(page);
      await count.getByRole('button', { name: 'Post count' }).click();
      await toastText(page, INVENTORY_MESSAGES.stockTakePosted).waitFor();
      await count.waitFor({ state: 'hidden' });
      await expect.poll(() => rowWith(stock, name).innerText()).toContain('88');

      const entries = await apiLog(item);
      expect(entries.map((e) => [e.type, e.quantity, e.balance, e.lotNumber])).toEqual([
        ['received', 100, 100, lot],
        ['sold', -10, 90, lot],
        ['count_correction', -2, 88, lot],
      ]);
      expect(entries[2]!.reason).toBe('Shelf count');

      if (viewport.phone) {
        // Nothing spills sideways on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
    });
  });
});
