// Getting to a day: the schedule's mini calendar jumps to any day, by keyboard as well as by mouse,
// and the appointments list opens at today.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { followInApp, openInApp, typeDate, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, apiHousehold, instantAt, ownerAt, providerNamed, serviceNamed } from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with one veterinarian. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Dates ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.wellness],
    providers: [{ firstName: 'Dora', lastName: 'Dalton' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('schedule dates', () => {
  it('jumps to any day from the mini calendar, with the keyboard or a click', async () => {
    const { page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const today = localDate(Date.now(), location.timezone);
    await followInApp(page, '/?view=week');
    const calendar = page.getByTestId('calendar');
    await calendar.and(page.locator(`[data-date="${today}"][data-ready="true"]`)).waitFor();

    const picker = page.getByRole('grid', { name: /^Go to date/ });
    await picker.waitFor();
    // One day of the month is in the tab order: today's.
    const current = picker.locator('[tabindex="0"]');
    expect(await current.getAttribute('data-date')).toBe(today);
    await current.focus();
    // Five weeks down and a day on, across the end of the month, then Enter.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const target = addDays(today, 36);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date)).toBe(target);
    await page.keyboard.press('Enter');
    await calendar.and(page.locator(`[data-date="${target}"]`)).waitFor();
    expect(await calendar.getAttribute('data-view')).toBe('week');
    // The arrows moved within the mini calendar, not the schedule's week.
    expect(new URL(page.url()).searchParams.get('date')).toBe(target);

    // PageUp goes back a month; a click picks a day.
    await page.keyboard.press('PageUp');
    const back = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);
    expect(back?.slice(0, 7)).not.toBe(target.slice(0, 7));
    const day = picker.locator(`[data-date="${addDays(today, 2)}"]`);
    await day.click();
    await calendar.and(page.locator(`[data-date="${addDays(today, 2)}"]`)).waitFor();
  });

  it('opens the appointments list at today', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const today = localDate(Date.now(), tz);
    const household = await apiHousehold(context, location, unique(), 'Todayish', 'Sunny');
    const wellness = await serviceNamed(context, location.id, 'Wellness exam');
    const vet = await providerNamed(context, location.id, own.providers[0]!.name);
    const book = (date: string) =>
      apiCreateAppointment(context, {
        locationId: location.id,
        clientId: household.client.id,
        patientIds: [household.patient.id],
        serviceIds: [wellness.id],
        startAt: instantAt(date, '06:00', tz),
        endAt: instantAt(date, '06:15', tz),
        primaryProviderId: vet.id,
      });
    await book(addDays(today, -3));
    await book(today);
    await book(addDays(today, 40));

    await openInApp(page, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    // The start is today at the location, filled in once the location (its time zone) has loaded.
    await expect.poll(() => page.getByRole('textbox', { name: 'From' }).inputValue()).toBe(today);
    await page.getByRole('textbox', { name: 'Search appointments' }).fill(household.clientName);
    const grid = page.getByRole('grid', { name: 'Appointments' });
    const rows = grid.getByRole('row').filter({ hasText: household.clientName });
    // Today's and the one ahead, today's first; the one three days ago is before the list's start.
    await expect.poll(() => rows.count()).toBe(2);
    const first = await rows.first().innerText();
    const shown = await page.evaluate(
      (d) => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
      today,
    );
    expect(first).toContain(shown);

    // A To day typed with the keyboard narrows the list to today; one before From is said under
    // the field, and typing it again puts the range back.
    const to = page.getByRole('textbox', { name: 'To' });
    await typeDate(to, today);
    await expect.poll(() => rows.count()).toBe(1);
    await typeDate(to, addDays(today, -1));
    await page.getByText('must be on or after the From date').waitFor();
    await typeDate(to, today);
    await expect.poll(() => page.getByText('must be on or after the From date').count()).toBe(0);
    await expect.poll(() => rows.count()).toBe(1);
    await to.fill('');

    // Clearing the date shows the whole history.
    await page.getByRole('textbox', { name: 'From' }).fill('');
    await expect.poll(() => rows.count()).toBe(3);
  });
});
