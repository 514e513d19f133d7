// The public booking page: a pet owner asks for a visit without signing in, and the request reaches
// the staff as a Pending appointment (counted on the navigation badge). The page is found the way
// staff find it, from Locations, which also leads to the location's services.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, BOOKING_CONFIRMATION, BOOKING_MIN_ELAPSED_MS } from '@willow/contracts';
import { baseUrl, cleanTab, launch, newPage } from './browser.ts';
import { json, locationNamed, locationRow, OWNER, pickOption, rowWith, startSignedIn, toastText } from './clinic.ts';
import { mainNav, openInApp, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import {
  appointmentDialog,
  type AppointmentInfo,
  chipColour,
  instantAt,
  newPageInZone,
  openFromList,
  ownerAt,
  pickFromAutocomplete,
  shownClock,
  upcomingWednesday,
} from './scheduling.ts';

let browser: Browser;
/** The file's own location, in Los Angeles like the demo's Lakeside, with a service of its own (a farm call) and one veterinarian. */
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Booking ${unique()}`,
    timeZone: 'America/Los_Angeles',
    services: [SERVICES.wellness, { type: 'Home Visit', name: 'Equine farm call', duration: 90, price: 210 }],
    providers: [{ firstName: 'Bo', lastName: 'Booker' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The badge on the Appointments entry of the navigation (its link's name carries the count too). */
const appointmentsBadge = (page: Page): Locator =>
  mainNav(page).getByRole('link').filter({ hasText: 'Appointments' }).locator('.MuiBadge-badge');

/** The number on the badge once it has loaded (MUI hides a zero). */
async function badgeCount(page: Page): Promise<number> {
  const badge = appointmentsBadge(page);
  await badge.waitFor({ state: 'attached' });
  if ((await badge.getAttribute('class'))?.includes('MuiBadge-invisible')) return 0;
  const text = (await badge.innerText()).trim();
  return Number(text);
}

async function pendingCount(context: BrowserContext, locationId: string): Promise<number> {
  return (await json<{ count: number }>(await context.request.get(`/api/appointment/pendingCount?locationId=${locationId}`), 'pending count')).count;
}

/** Pending appointments at a location whose client or patient matches `search`. */
async function pendingMatching(context: BrowserContext, locationId: string, search: string): Promise<AppointmentInfo[]> {
  const query = new URLSearchParams({ locationId, status: 'Pending', search });
  return (await json<{ items: AppointmentInfo[] }>(await context.request.get(`/api/appointment?${query}`), 'list appointments')).items;
}

/** Staff open a location's booking link from Settings → Locations and read it. */
async function bookingLinkOf(page: Page, location: string): Promise<string> {
  await openInApp(page, '/locations');
  await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
  await (await locationRow(page, location)).getByRole('button', { name: `Booking page of ${location}` }).click();
  const dialog = page.getByRole('dialog', { name: `Booking page of ${location}` });
  const link = await dialog.getByRole('textbox', { name: 'Booking page link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return link;
}

describe('online booking', () => {
  it('takes a request without signing in; staff see it as Pending with the badge count up by one', async () => {
    const staff = await cleanTab();
    // The owner's browser is in Sydney; the times typed are the clinic's.
    const owner = await newPageInZone(browser, 'Australia/Sydney');
    try {
      const { page } = staff;
      const location = await ownerAt(page, own.name);
      const tz = location.timezone;
      // The badge shows the server's count of Pending appointments at the chosen location.
      const before = await pendingCount(staff.context, location.id);
      await expect.poll(() => badgeCount(page)).toBe(before);

      const link = await bookingLinkOf(page, own.name);
      expect(link).toBe(`${baseUrl()}/book/${location.id}`);

      // The owner's browser: no session.
      const pub = owner.page;
      const pageRead = pub.waitForResponse((r) => r.url().endsWith(`/api/booking/${location.id}`) && r.request().method() === 'GET');
      await pub.goto(link);
      await pageRead;
      const readAt = Date.now();
      await pub.getByRole('heading', { name: `Book a visit at ${own.name}`, level: 1 }).waitFor();
      expect(pub.url()).toBe(link);
      expect(await pub.getByTestId('booking-timezone').innerText()).toContain('America/Los Angeles');

      const id = unique();
      const first = upcomingWednesday(tz);
      const second = addDays(first, 1);
      const form = pub.getByRole('form', { name: 'Request a visit' });
      await form.getByRole('radio', { name: /^Wellness exam/ }).check();
      await form.getByRole('textbox', { name: 'First choice date' }).fill(first);
      await form.getByRole('textbox', { name: 'First choice time' }).fill('10:00');
      await form.getByRole('button', { name: 'Add another time' }).click();
      await form.getByRole('textbox', { name: 'Second choice date' }).fill(second);
      await form.getByRole('textbox', { name: 'Second choice time' }).fill('14:30');
      await form.getByRole('textbox', { name: "Pet's name" }).fill(`Pickles${id}`);
      await form.getByRole('combobox', { name: 'Species' }).selectOption({ label: 'Dog' });
      await form.getByRole('textbox', { name: 'Anything we should know?' }).fill('Limping on the left hind leg');
      await form.getByRole('textbox', { name: 'First name' }).fill('Morgan');
      await form.getByRole('textbox', { name: 'Last name' }).fill(`Online${id}`);
      await form.getByRole('textbox', { name: 'Email' }).fill(`morgan.${id}@example.com`);
      await form.getByRole('textbox', { name: 'Phone' }).fill('555-0142');
      // The server turns away forms sent within seconds of reading the page (bots do that); a person takes longer.
      await expect.poll(() => Date.now() - readAt).toBeGreaterThan(BOOKING_MIN_ELAPSED_MS);
      await form.getByRole('button', { name: 'Request appointment' }).click();
      const confirmation = pub.getByTestId('booking-confirmation');
      await confirmation.waitFor();
      const answer = await confirmation.innerText();
      expect(answer).toContain(BOOKING_CONFIRMATION);
      expect(answer).toContain('An email will follow');

      // Staff: one more Pending appointment on the badge (a fresh load asks the server again).
      await page.goto('/appointments');
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      await expect.poll(() => badgeCount(page)).toBe(before + 1);

      // A request has no provider yet, and what is nobody's shows under every provider filter, so
      // it never waits unseen: filtered to one provider (the owner starts with everyone), it is there.
      const clientName = `Morgan Online${id}`;
      const vet = own.providers[0]!.name;
      await pickFromAutocomplete(page.getByRole('main'), 'Provider', vet);
      await page.getByRole('main').getByRole('button', { name: vet, exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Search appointments' }).fill(clientName);
      const grid = page.getByRole('grid', { name: 'Appointments' });
      const row = rowWith(grid, clientName);
      await row.waitFor();
      const rowText = await row.innerText();
      expect(rowText).toContain(`Pickles${id}`);
      expect(rowText).toContain('Wellness exam');
      expect(rowText).toContain('Online');
      const chip = row.getByTestId('appointment-status');
      expect(await chip.innerText()).toBe('Pending');
      expect(await chipColour(chip)).toBe('warning');

      // The request keeps the times asked for, in order; it starts at the first one.
      const dialog = await openFromList(page, clientName);
      expect(await dialog.getByTestId('appointment-status').innerText()).toBe('Pending');
      await dialog.getByText('Source: Online request').waitFor();
      const asked = await dialog.getByRole('list', { name: 'Requested times' }).getByRole('listitem').allInnerTexts();
      expect(asked).toHaveLength(2);
      expect(asked[0]).toContain(await shownClock(page, '10:00'));
      expect(asked[1]).toContain(await shownClock(page, '14:30'));
      const history = await dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem').allInnerTexts();
      expect(history).toHaveLength(1);
      expect(history[0]).toContain('Created as Pending');
      expect(history[0]).toContain('by online request');
      expect(history[0]).toContain('Online booking request');
      const [request] = await pendingMatching(staff.context, location.id, clientName);
      expect(request).toBeDefined();
      expect(request!.source).toBe('online');
      expect(request!.requestedTimes.map(Date.parse)).toEqual([instantAt(first, '10:00', tz), instantAt(second, '14:30', tz)].map(Date.parse));
      expect(Date.parse(request!.startAt)).toBe(Date.parse(instantAt(first, '10:00', tz)));
      expect(Date.parse(request!.endAt)).toBe(Date.parse(instantAt(first, '10:30', tz)));
      expect(request!.primaryProviderId).toBeNull();

      // Confirming it takes it off the badge.
      await dialog.getByRole('button', { name: 'Change status', exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Confirmed', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Change status to Confirmed' });
      await confirm.getByRole('button', { name: 'Change status', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => dialog.getByTestId('appointment-status').innerText()).toBe('Confirmed');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await appointmentDialog(page, 'Edit appointment').waitFor({ state: 'hidden' });
      await expect.poll(() => badgeCount(page)).toBe(before);
    } finally {
      await owner.context.close();
    }
  });

  it("reaches a location's services from Locations; a service added there is offered on its booking page", async () => {
    const staff = await cleanTab();
    const owner = await newPage(browser);
    try {
      const { page } = staff;
      await startSignedIn(page, OWNER, '/locations');
      await mainNav(page).waitFor();
      const location = await locationNamed(staff.context, own.name);
      const name = `Puppy check ${unique()}`;
      await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
      await (await locationRow(page, own.name)).getByRole('button', { name: `Services at ${own.name}` }).click();
      await page.waitForURL((url) => url.pathname === '/services' && url.searchParams.get('locationId') === location.id);
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
      const grid = page.getByRole('grid', { name: 'Services' });
      // Its farm call shows (the owner's own location, Riverside, has none): the page is about the location it came from.
      await rowWith(grid, 'Equine farm call').waitFor();

      await page.getByRole('button', { name: 'New service' }).click();
      const dialog = page.getByRole('dialog', { name: `New service at ${own.name}` });
      await pickOption(dialog, 'Type', 'Consultation');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Duration (min)' }).fill('20');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('35');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await toastText(page, 'Service created').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const row = rowWith(grid, name);
      await row.waitFor();
      expect(await row.innerText()).toContain('Consultation');

      // The owner's booking page offers it with its type and length.
      await owner.page.goto(await bookingLinkOf(page, own.name));
      const form = owner.page.getByRole('form', { name: 'Request a visit' });
      await form.getByRole('radio', { name: new RegExp(`^${name}\\s*Consultation · 20 min · \\S*35\\.00$`) }).waitFor();
      await form.getByRole('radio', { name: /^Equine farm call/ }).waitFor();
    } finally {
      await owner.context.close();
    }
  });

  it('says so when a booking link leads nowhere', async () => {
    const { page } = await cleanTab();
    await page.goto('/book/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('booking-not-found').getByRole('heading', { name: 'This booking page is not available' }).waitFor();
    // No sign-in is asked for.
    expect(new URL(page.url()).pathname).toBe('/book/00000000-0000-4000-8000-000000000000');
  });
});
