// A schedule slot is open time to book: a click anywhere inside it, its label included, starts a
// new appointment there; changing the slot is its own button, which the keyboard reaches.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { json } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';
import { appointmentDialog, dayColumn, fieldClock, instantAt, openCalendar, ownerAt, pointAt, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Slots ${unique()}`,
    timeZone: 'America/New_York',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('schedule slots', () => {
  it('books on a click inside a slot, its label too, and edits it from its own button by keyboard', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const date = upcomingWednesday(tz);
    const created = await json<{ id: string }[] | { id: string }>(
      await context.request.post('/api/scheduleSlot', {
        data: { data: { locationId: location.id, startAt: instantAt(date, '13:00', tz), endAt: instantAt(date, '16:00', tz), capacity: 2 } },
      }),
      'create slot',
    );
    const slotId = Array.isArray(created) ? created[0]!.id : created.id;

    await openCalendar(page, 'day', date, tz);
    const column = dayColumn(page, date);
    const slot = column.locator(`[data-testid="calendar-slot"][data-slot-id="${slotId}"]`);
    await slot.waitFor();
    const newDialog = appointmentDialog(page, 'New appointment');
    const slotDialog = page.getByRole('dialog', { name: 'Edit schedule slot' });

    // A click on the slot's label text books at that time.
    // (The label lets the click through to the grid, so the mouse goes to where it is drawn.)
    const label = (await slot.getByText('Any service · 2 places').boundingBox())!;
    await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
    await newDialog.waitFor();
    expect(await newDialog.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(await fieldClock(page, '13:00'));
    expect(await slotDialog.count()).toBe(0);
    await page.keyboard.press('Escape');
    await newDialog.waitFor({ state: 'hidden' });

    // So does a click further down inside it.
    const inside = await pointAt(column, date, '14:30', tz, 5, 0.5);
    await page.mouse.click(inside.x, inside.y);
    await newDialog.waitFor();
    expect(await newDialog.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(await fieldClock(page, '14:30'));
    await page.keyboard.press('Escape');
    await newDialog.waitFor({ state: 'hidden' });

    // Editing is the slot's own button, reached with Tab and pressed with Enter.
    const edit = slot.getByRole('button', { name: /^Edit schedule slot/ });
    expect(await edit.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    let onEdit = false;
    for (let i = 0; i < 60 && !onEdit; i++) {
      await page.keyboard.press('Tab');
      onEdit = await edit.evaluate((el) => el === document.activeElement);
    }
    expect(onEdit).toBe(true);
    await page.keyboard.press('Enter');
    await slotDialog.waitFor();
    expect(await newDialog.count()).toBe(0);
  });
});
