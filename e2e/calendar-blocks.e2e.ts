// What a calendar block tells at a glance: the patient and client, the service, icons for a home
// visit, an end-of-life visit and a patient alert; a short block at least the patient. The card
// shown on hover or keyboard focus has the rest and the one-click next status. A block too narrow
// for words (many visits side by side) draws none and is named by them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { cleanTab, launch } from './browser.ts';
import { apiCreateClient, json, speciesId, toast, type PatientInfo } from './clinic.ts';
import { unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { apiAppointment, apiCreateAppointment, calendarEvent, dayColumn, instantAt, openCalendar, ownerAt, providerNamed, serviceNamed, shownClock, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
/** The file's own location, in New York like the demo's Riverside, with one veterinarian. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Blocks ${unique()}`,
    timeZone: 'America/New_York',
    services: [SERVICES.homeVisit, SERVICES.euthanasia, SERVICES.nails],
    providers: [{ firstName: 'Bea', lastName: 'Bramwell' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('calendar blocks', () => {
  it('show names, service and icons; a hover or focus card has the rest and moves the status on in one click', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const id = unique();
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Robin', lastName: `Glance${id}` });
    const clientName = `Robin Glance${id}`;
    const pet = (name: string, alerts: string[] = []) =>
      context.request
        .post('/api/patient', { data: { data: { clientId: client.id, name: `${name}${id}`, speciesId: speciesId(location, 'Dog'), alerts } } })
        .then((r) => json<PatientInfo>(r, 'create patient'));
    const biter = await pet('Fang', ['bites']);
    const elder = await pet('Duke');
    const quick = await pet('Pip');
    const homeVisit = await serviceNamed(context, location.id, 'Home visit exam');
    const euthanasia = await serviceNamed(context, location.id, 'In-clinic euthanasia');
    const nails = await serviceNamed(context, location.id, 'Nail trim');
    const vet = await providerNamed(context, location.id, own.providers[0]!.name);
    const date = addDays(upcomingWednesday(tz), 1);
    const book = (patient: PatientInfo, serviceId: string, from: string, to: string) =>
      apiCreateAppointment(context, {
        locationId: location.id,
        clientId: client.id,
        patientIds: [patient.id],
        serviceIds: [serviceId],
        startAt: instantAt(date, from, tz),
        endAt: instantAt(date, to, tz),
        primaryProviderId: vet.id,
      });
    const visit = await book(biter, homeVisit.id, '09:00', '10:00');
    const farewell = await book(elder, euthanasia.id, '11:00', '11:45');
    const trim = await book(quick, nails.id, '13:00', '13:15');

    await openCalendar(page, 'week', date, tz);
    const column = dayColumn(page, date);
    const visitBlock = column.locator(calendarEvent(page, visit.id));
    await visitBlock.waitFor();

    // Names, service and icons with their labels.
    const visitText = await visitBlock.innerText();
    expect(visitText).toContain(biter.name);
    expect(visitText).toContain(clientName);
    expect(visitText).toContain('Home visit exam');
    await visitBlock.getByRole('img', { name: 'Home visit' }).waitFor();
    await visitBlock.getByRole('img', { name: 'Alert: bites' }).waitFor();
    expect(await visitBlock.getByRole('img', { name: 'End-of-life visit' }).count()).toBe(0);
    const farewellBlock = calendarEvent(page, farewell.id);
    await farewellBlock.getByRole('img', { name: 'End-of-life visit' }).waitFor();
    expect(await farewellBlock.getByRole('img', { name: 'Home visit' }).count()).toBe(0);
    expect(await farewellBlock.getByRole('img', { name: /^Alert/ }).count()).toBe(0);
    // A quarter of an hour still names the patient, on a line that fits the block.
    const trimBlock = calendarEvent(page, trim.id);
    expect(await trimBlock.innerText()).toContain(quick.name);
    const fits = await trimBlock.evaluate((el) => {
      const name = Array.from(el.querySelectorAll('*')).find((n) => n.childElementCount === 0 && n.textContent?.includes('Pip'));
      if (!name) return false;
      const a = el.getBoundingClientRect();
      const b = name.getBoundingClientRect();
      return b.top >= a.top - 0.5 && b.bottom <= a.bottom + 0.5 && b.width > 0;
    });
    expect(fits).toBe(true);

    // Hovering shows the card with the rest; nothing of it is drawn before.
    const card = page.getByRole('dialog', { name: 'Appointment summary' });
    expect(await card.count()).toBe(0);
    await visitBlock.hover();
    await card.waitFor();
    const cardText = await card.innerText();
    for (const text of [biter.name, clientName, 'Home visit exam', own.providers[0]!.name, 'Confirmed', 'bites', `${await shownClock(page, '09:00')} – ${await shownClock(page, '10:00')}`]) {
      expect(cardText).toContain(text);
    }
    // Esc closes it.
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // The keyboard opens it too: Tab onto the block.
    await page.mouse.move(0, 0);
    await column.locator(calendarEvent(page, farewell.id)).waitFor();
    // The day's heading button, named by what it shows and then the whole date.
    const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    await page.getByRole('button', { name: `open ${longDate} in the day view` }).focus();
    let focused: string | null = null;
    for (let i = 0; i < 80 && focused !== farewell.id; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.appointmentId ?? null);
    }
    expect(focused).toBe(farewell.id);
    await card.waitFor();
    expect(await card.innerText()).toContain(elder.name);
    expect(await card.innerText()).toContain('In-clinic euthanasia');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // One click on the card's next status changes the block, without opening the appointment.
    await visitBlock.hover();
    await card.waitFor();
    await card.getByRole('button', { name: 'Mark as Checked In' }).click();
    // The visit is days ahead: checking it in is confirmed first.
    const confirm = page.getByRole('dialog', { name: 'Check in a visit that is not today?' });
    await confirm.getByRole('button', { name: 'Check in', exact: true }).click();
    await toast(page, 'Appointment updated: Checked In').waitFor();
    // The block's card says so when it opens again: its status chip (the card also names the
    // next status on its button, so its text alone would hold "Checked In" either way).
    await page.mouse.move(0, 0);
    await card.waitFor({ state: 'hidden' });
    await visitBlock.hover();
    await card.waitFor();
    await expect.poll(() => card.getByTestId('appointment-status').innerText()).toBe('Checked In');
    expect((await apiAppointment(context, visit.id)).status).toBe('Checked In');
    expect(await page.getByRole('dialog', { name: 'Edit appointment' }).count()).toBe(0);
  });

  it('too narrow for words, a block draws none, is named by them and opens its card; the day view has room for them', async () => {
    const { context, page } = await cleanTab();
    const location = await ownerAt(page, own.name);
    const tz = location.timezone;
    const id = unique();
    const client = await apiCreateClient(context, { locationId: location.id, firstName: 'Sol', lastName: `Crowd${id}` });
    const nails = await serviceNamed(context, location.id, 'Nail trim');
    const date = addDays(upcomingWednesday(tz), 2);
    // Six unassigned visits at once: six lanes of a week's day column, each a few pixels wide.
    const visits: { id: string; patient: string }[] = [];
    for (let n = 0; n < 6; n++) {
      const patient = await context.request
        .post('/api/patient', { data: { data: { clientId: client.id, name: `Crowd${n}${id}`, speciesId: speciesId(location, 'Cat') } } })
        .then((r) => json<PatientInfo>(r, 'create patient'));
      const visit = await apiCreateAppointment(context, {
        locationId: location.id,
        clientId: client.id,
        patientIds: [patient.id],
        serviceIds: [nails.id],
        startAt: instantAt(date, '14:00', tz),
        endAt: instantAt(date, '15:00', tz),
        primaryProviderId: null,
      });
      visits.push({ id: visit.id, patient: patient.name });
    }
    const time = `${await shownClock(page, '14:00')} – ${await shownClock(page, '15:00')}`;

    await openCalendar(page, 'week', date, tz);
    const first = dayColumn(page, date).locator(calendarEvent(page, visits[0]!.id));
    await first.and(page.locator('.wc-narrow')).waitFor();
    expect(await first.innerText()).toBe('');
    expect((await first.boundingBox())!.width).toBeLessThan(32);
    // Its name says what its lines would: the time, the patient and client, the service.
    await page.getByRole('button', { name: `${time} ${visits[0]!.patient} · Sol Crowd${id} Nail trim`, exact: true }).waitFor();
    // Blocks without words, named only by aria-label: axe finds nothing serious in the week.
    expect(await seriousViolations(page)).toEqual([]);
    const card = page.getByRole('dialog', { name: 'Appointment summary' });
    await first.hover();
    await card.waitFor();
    expect(await card.innerText()).toContain(visits[0]!.patient);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // The same visits in the day view, where a sixth of the column has room for the words.
    await openCalendar(page, 'day', date, tz);
    const wide = calendarEvent(page, visits[5]!.id);
    await wide.waitFor();
    expect(await wide.getAttribute('class')).not.toContain('wc-narrow');
    expect(await wide.innerText()).toContain(visits[5]!.patient);
  });
});
