// Business › Analytics › Charts as an owner reads it: opened from the menu, the range typed with the
// keyboard (a wrong one told under its field), the charts drawn, a chart switched to its Table view
// and a figure read there equal to the API's; on a 375 px phone too, with nothing spilling
// sideways; axe clean on both. Reads the demo's books: it writes nothing.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, type AnalyticsDashboard } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { cleanTab, launch } from './browser.ts';
import { json, OWNER, startSignedIn } from './clinic.ts';
import { followInApp, mainNav, navEntry, typeDate } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The digits of a money cell: "$1,234.50" is 123450 cents. */
const centsIn = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function dashboardOf(page: Page, from: string, to: string): Promise<AnalyticsDashboard> {
  return json<AnalyticsDashboard>(await page.context().request.get(`/api/analytics/dashboard?from=${from}&to=${to}`), 'dashboard');
}

/** Switches the Revenue chart to its table and reads the total there, checked against the API. */
async function readRevenueTotal(page: Page, expected: AnalyticsDashboard) {
  const revenue = card(page, 'Revenue');
  await revenue.getByRole('button', { name: 'Table', exact: true }).click();
  const table = revenue.getByRole('region', { name: 'Revenue (table)' });
  const total = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) });
  await total.waitFor();
  expect(centsIn(await total.getByRole('cell').last().innerText())).toBe(expected.revenue.total);
  // As many rows as the range has periods, each named by its period.
  expect(await table.getByRole('row').count()).toBe(expected.revenue.points.length + 2);
  await revenue.getByRole('button', { name: 'Chart', exact: true }).click();
  await revenue.locator('svg').first().waitFor();
}

describe('analytics charts', () => {
  it('opens from the menu, takes a typed range, draws the charts and reads a figure from the table view', async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, OWNER, '/profile');
    await mainNav(page).waitFor();
    await navEntry(page, 'Business', 'Charts').click();
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();

    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const to = localDate(new Date(), zone);
    const from = addDays(to, -59);
    const fromBox = page.getByLabel('From', { exact: true });
    const toBox = page.getByLabel('To', { exact: true });
    // A range ending before it starts is told under To, and nothing is asked of the server.
    await typeDate(toBox, addDays(to, -70));
    await page.getByText('Must be on or after From').waitFor();
    await typeDate(fromBox, from);
    await typeDate(toBox, to);
    await expect.poll(() => page.getByText('Must be on or after From').count()).toBe(0);

    for (const title of ['Revenue', 'Appointments by status', 'New clients', 'Top services', 'Average invoice', 'Aftercare turnaround']) await card(page, title).waitFor();
    const expected = await dashboardOf(page, from, to);
    expect(expected.appointments.total).toBeGreaterThan(0);
    // The charts are drawn: bars for the appointments by status.
    await expect.poll(() => card(page, 'Appointments by status').locator('svg rect, svg path').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await card(page, 'Appointments by status').innerText()).includes(`${expected.appointments.total.toLocaleString('en-US')} appointments`)).toBe(true);
    await readRevenueTotal(page, expected);

    // The table views read by a screen reader are as clean as the charts.
    await card(page, 'Appointments by status').getByRole('button', { name: 'Table', exact: true }).click();
    await card(page, 'Appointments by status').getByRole('region', { name: 'Appointments by status (table)' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is usable on a 375 px phone: nothing spills sideways, the table view reads the same figure', async () => {
    const { page } = await cleanTab();
    await startSignedIn(page, OWNER, '/profile');
    await mainNav(page).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await followInApp(page, '/analytics');
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();
    await card(page, 'Revenue').locator('svg').first().waitFor();
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    await readRevenueTotal(page, await dashboardOf(page, from, to));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
