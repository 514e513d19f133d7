// Whose appointments the schedule and the list start with: a vet starts with their own,
// an administrator who also holds the provider permissions sees everyone, and a preselected
// provider can be unticked.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { OWNER, startSignedIn } from './clinic.ts';
import { openInApp, readSettings } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The calendar's provider boxes once drawn, after the start-up preselection had its chance to run. */
async function providerBoxes(page: Page): Promise<Locator> {
  await page.getByTestId('calendar').and(page.locator('[data-ready="true"]')).waitFor();
  const boxes = page.getByTestId('calendar-filters').getByRole('region', { name: 'Providers' }).getByRole('checkbox');
  await boxes.first().waitFor();
  await expect.poll(() => boxes.count()).toBeGreaterThan(1);
  // The preselection follows the sidebar's answer within a render or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
  return boxes;
}

async function checkedStates(boxes: Locator): Promise<Record<string, boolean>> {
  const states: Record<string, boolean> = {};
  for (const box of await boxes.all()) {
    const name = await box.evaluate((el) => el.closest('label')?.textContent?.trim() ?? '');
    states[name] = await box.isChecked();
  }
  return states;
}

describe('schedule providers', () => {
  it("shows the administrator's first calendar and list with every provider", async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, OWNER, '/');
    const boxes = await providerBoxes(page);
    const states = await checkedStates(boxes);
    expect(Object.keys(states)).toContain('Olivia Owens');
    expect(Object.keys(states)).toContain('Victor Vance');
    expect(Object.values(states).every(Boolean)).toBe(true);
    expect((await readSettings(page))?.selectedProviders ?? []).toEqual([]);

    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    await page.getByRole('grid', { name: 'Appointments' }).waitFor();
    expect((await readSettings(page))?.selectedProviders ?? []).toEqual([]);
  });

  it('starts a vet with their own appointments, and their own box can be unticked', async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, 'vet@demo.test', '/');
    const boxes = await providerBoxes(page);
    // Every box starts ticked until the signed-in provider's own choice arrives: wait for it.
    const ticked = async () => Object.entries(await checkedStates(boxes)).filter(([, on]) => on).map(([name]) => name);
    await expect.poll(ticked).toEqual(['Victor Vance']);

    const mine = page.getByTestId('calendar-filters').getByRole('checkbox', { name: 'Victor Vance' });
    expect(await mine.isEnabled()).toBe(true);
    await mine.uncheck();
    await expect.poll(async () => (await checkedStates(boxes))['Victor Vance']).toBe(false);
    const after = await checkedStates(boxes);
    expect(Object.entries(after).filter(([name]) => name !== 'Victor Vance').every(([, on]) => on)).toBe(true);
  });
});
