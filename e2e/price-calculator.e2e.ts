// The price calculator as staff use it in front of a family: the manager sets the location's price
// bands (an overlapping band refused under its field), the weight is typed in kilograms or pounds,
// add-ons are ticked, the total follows, and the quote becomes an estimate for the client in one
// click; on a phone, a weight above the last band asks to call for a quote.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Estimate, EstimateSummary, PriceBand } from '@willow/contracts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiSignIn, json, OWNER, startSignedIn, toastText } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { PAW_PRINT, seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiHousehold, ownerAt, pickClient, type Household } from './scheduling.ts';

let browser: Browser;
/** The file's own location: the end-of-life services and the add-ons the calculator offers. */
let own: OwnLocation;
const WITNESSED = { category: 'Cremation options', name: 'Witnessed cremation', price: 150 };
const PICKUP = { category: 'Cremation options', name: 'Home pickup', price: 75 };
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    // a long name, as a practice may give it: the location picker must not widen a phone's page
    name: `Test Clinic Calculator Riverside Branch ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.homeEuthanasia, SERVICES.privateCremation, SERVICES.ashesDelivery],
    addOns: [PAW_PRINT, WITNESSED, PICKUP],
  });
  // The heavier private bands and a communal band; the editor test adds the lighter private ones.
  await asOwner(async (context) => {
    for (const [min, max, price, type] of [
      [10, 25, 26_000, 'private'],
      [25, 45, 32_500, 'private'],
      [45, 70, 39_500, 'private'],
      [0, 70, 9_000, 'communal'],
    ] as const) {
      await json(
        await context.request.post('/api/priceBand', {
          data: { data: { locationId: own.id, cremationType: type, minGrams: min * 1000, maxGrams: max * 1000, price } },
        }),
        `band ${min}–${max}`,
      );
    }
  });
});
afterAll(async () => {
  await browser?.close();
});

async function asOwner<T>(work: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    await apiSignIn(context);
    return await work(context);
  } finally {
    await context.close();
  }
}

async function openCalculator(page: Page) {
  await ownerAt(page, own.name);
  await openInApp(page, '/calculator');
  await page.getByRole('heading', { name: 'Price Calculator', level: 1 }).waitFor();
}

/** Clears a text box and types into it key by key, as a person does. */
async function typeInto(page: Page, box: ReturnType<Page['getByRole']>, text: string) {
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.press('Backspace');
  await page.keyboard.type(text);
}

const quoteLines = (page: Page) => page.getByRole('list', { name: 'Quote lines' }).getByRole('listitem');
const total = (page: Page) => page.getByTestId('quote-total');

describe('the price calculator', () => {
  it('lets a manager add the location’s bands, refusing an overlap under its field without losing what was typed', async () => {
    const { page } = await cleanTab();
    await openCalculator(page);
    const editor = page.getByRole('region', { name: 'Price bands' });
    await editor.getByRole('list', { name: 'Private cremation bands' }).getByText('10–25 kg').waitFor();

    // 0–5 kg: a new private band starts where the last one ends (70 kg); the manager types 0.
    await editor.getByRole('button', { name: 'Add band for private cremation' }).click();
    let dialog = page.getByRole('dialog', { name: 'New price band' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'From (kg)' }).inputValue()).toBe('70');
    await typeInto(page, dialog.getByRole('textbox', { name: 'From (kg)' }), '0');
    await typeInto(page, dialog.getByRole('textbox', { name: 'To (kg)' }), '5');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Price' }), '160');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastText(page, 'Price band created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // 4–10 kg overlaps 0–5 kg: refused, the message under "From", the dialog and its values kept.
    await editor.getByRole('button', { name: 'Add band for private cremation' }).click();
    dialog = page.getByRole('dialog', { name: 'New price band' });
    await typeInto(page, dialog.getByRole('textbox', { name: 'From (kg)' }), '4');
    await typeInto(page, dialog.getByRole('textbox', { name: 'To (kg)' }), '10');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Price' }), '195');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('overlaps the 0–5 kg band of private cremation; bands may share only a boundary').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'From (kg)' }).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('textbox', { name: 'To (kg)' }).inputValue()).toBe('10');
    // Fixed in place: 5–10 kg shares the boundary.
    await typeInto(page, dialog.getByRole('textbox', { name: 'From (kg)' }), '5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const bands = await asOwner(async (c) => json<PriceBand[]>(await c.request.get(`/api/priceBand?locationId=${own.id}&cremationType=private`), 'bands'));
    expect(bands.map((b) => [b.minGrams, b.maxGrams, b.price])).toEqual([
      [0, 5000, 16_000],
      [5000, 10_000, 19_500],
      [10_000, 25_000, 26_000],
      [25_000, 45_000, 32_500],
      [45_000, 70_000, 39_500],
    ]);
  });

  it('prices a typed weight with ticked add-ons and makes it an estimate for the client in one click', async () => {
    const { context, page } = await cleanTab();
    await openCalculator(page);
    const location = { ...own };
    const household: Household = await apiHousehold(context, location, unique(), 'Quoted', 'Biscuit');

    await page.getByRole('button', { name: 'Private', exact: true }).click();
    const weight = page.getByRole('textbox', { name: 'Pet’s weight' });
    await typeInto(page, weight, '7.5');
    await quoteLines(page).first().getByText('Private cremation (5–10 kg)').waitFor();
    await expect.poll(() => total(page).innerText()).toBe('195.00');

    await page.getByRole('checkbox', { name: /Paw print/ }).check();
    await page.getByRole('checkbox', { name: /Witnessed cremation/ }).check();
    await expect.poll(() => total(page).innerText()).toBe('390.00');

    // The boundary belongs to the upper band: 10 kg is priced in 10–25 kg.
    await typeInto(page, weight, '10');
    await quoteLines(page).first().getByText('Private cremation (10–25 kg)').waitFor();
    await expect.poll(() => total(page).innerText()).toBe('455.00');
    // In pounds: 16.5 lb = 7484 g, back in 5–10 kg.
    await page.getByRole('button', { name: 'lb (pounds)' }).click();
    await typeInto(page, weight, '16.5');
    await page.getByText('= 7.484 kg').waitFor();
    await expect.poll(() => total(page).innerText()).toBe('390.00');
    // A service beside the cremation (the band prices the cremation itself; cremation services are not offered).
    expect(await page.getByRole('checkbox', { name: /Private cremation/ }).count()).toBe(0);
    await page.getByRole('checkbox', { name: /Ashes home delivery/ }).check();
    await expect.poll(() => total(page).innerText()).toBe('450.00');
    // Add-ons in the catalogue's order (by category: Cremation options, then Memorial keepsakes).
    expect(await quoteLines(page).allInnerTexts()).toEqual([
      expect.stringMatching(/^Private cremation \(5–10 kg\)\s+195\.00$/),
      expect.stringMatching(/^Witnessed cremation\s+150\.00$/),
      expect.stringMatching(/^Paw print\s+45\.00$/),
      expect.stringMatching(/^Ashes home delivery\s+60\.00$/),
    ]);

    // No client yet: said under the field, nothing sent.
    const quote = page.getByRole('region', { name: 'Quote' });
    await quote.getByRole('button', { name: 'Create estimate' }).click();
    await quote.getByText('Choose the client the estimate is for').waitFor();
    await pickClient(quote, household);
    await quote.getByRole('button', { name: 'Create estimate' }).click();
    await toastText(page, 'Estimate created').waitFor();
    await quote.getByText(`Estimate for ${household.clientName}`).waitFor();

    const listed = await json<{ items: EstimateSummary[] }>(await context.request.get(`/api/estimate?clientId=${household.client.id}&limit=10`), 'estimates');
    expect(listed.items).toHaveLength(1);
    const estimate = await json<Estimate>(await context.request.get(`/api/estimate/${listed.items[0]!.id}`), 'estimate');
    expect(estimate).toMatchObject({ locationId: own.id, clientId: household.client.id, status: 'open', lowTotal: 45_000, highTotal: 45_000 });
    expect(estimate.items.map((i) => [i.kind, i.description, i.unitPrice])).toEqual([
      ['text', 'Private cremation (5–10 kg)', 19_500],
      ['addOn', 'Witnessed cremation', 15_000],
      ['addOn', 'Paw print', 4_500],
      ['service', 'Ashes home delivery', 6_000],
    ]);
  });

  it('on a phone, says to call for a quote above the last band', async () => {
    const { page } = await cleanTab({ width: 375, height: 812 });
    // A link to the location's calculator (the phone's navigation is a drawer).
    await startSignedIn(page, OWNER, `/calculator?locationId=${own.id}`);
    await page.getByRole('heading', { name: 'Price Calculator', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Communal', exact: true }).click();
    const weight = page.getByRole('textbox', { name: 'Pet’s weight' });
    await typeInto(page, weight, '69.9');
    await expect.poll(() => total(page).innerText()).toBe('90.00');
    await typeInto(page, weight, '70');
    await page.getByRole('status').filter({ hasText: 'This weight is above our price bands: call for a quote' }).waitFor();
    expect(await quoteLines(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create estimate' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
