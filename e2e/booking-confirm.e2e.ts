// A booking request's email confirms the owner's address: the owner asks for a visit on the public
// page, the email queued for them (in the client's messages) carries a link, the owner opens it on
// their phone and is told the address is confirmed (the link works once), and the staff see
// "Email confirmed" on the request.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MIN_ELAPSED_MS, SIGN_IN_MESSAGES } from '@willow/contracts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { json } from './clinic.ts';
import { openInApp, unique } from './helpers.ts';
import { seedOwnLocation, SERVICES, type OwnLocation } from './own-location.ts';
import { newPageInZone, openFromList, ownerAt, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, { name: `Test Clinic Confirm ${unique()}`, timeZone: 'America/Chicago', services: [SERVICES.wellness] });
});
afterAll(async () => {
  await browser?.close();
});

describe('a booking request’s email', () => {
  it('carries a link that confirms the owner’s address once; the staff see it confirmed', async () => {
    const id = unique();
    const email = `casey.${id}@example.com`;
    const clientName = `Casey Confirm${id}`;

    // The owner asks for a visit from the public page.
    const owner = await newPageInZone(browser, 'America/Chicago');
    const staff = await cleanTab();
    try {
      const pub = owner.page;
      const pageRead = pub.waitForResponse((r) => r.url().endsWith(`/api/booking/${own.id}`) && r.request().method() === 'GET');
      await pub.goto(`/book/${own.id}`);
      await pageRead;
      const readAt = Date.now();
      const form = pub.getByRole('form', { name: 'Request a visit' });
      await form.getByRole('radio', { name: /^Wellness exam/ }).check();
      await form.getByRole('textbox', { name: 'First choice date' }).fill(upcomingWednesday(own.timezone));
      await form.getByRole('textbox', { name: 'First choice time' }).fill('11:00');
      await form.getByRole('textbox', { name: "Pet's name" }).fill(`Biscuit${id}`);
      await form.getByRole('combobox', { name: 'Species' }).selectOption({ label: 'Cat' });
      await form.getByRole('textbox', { name: 'First name' }).fill('Casey');
      await form.getByRole('textbox', { name: 'Last name' }).fill(`Confirm${id}`);
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('textbox', { name: 'Phone' }).fill('555-0177');
      // The server turns away forms sent within seconds of reading the page; a person takes longer.
      await expect.poll(() => Date.now() - readAt).toBeGreaterThan(BOOKING_MIN_ELAPSED_MS);
      await form.getByRole('button', { name: 'Request appointment' }).click();
      await pub.getByTestId('booking-confirmation').waitFor();

      // The staff: the request, and the email queued to its owner in the client's messages.
      const { page } = staff;
      await ownerAt(page, own.name);
      const query = new URLSearchParams({ locationId: own.id, status: 'Pending', search: clientName });
      const [request] = (await json<{ items: { clientId: string; emailConfirmedAt: string | null }[] }>(await staff.context.request.get(`/api/appointment?${query}`), 'list appointments')).items;
      expect(request?.emailConfirmedAt).toBeNull();
      const messages = await json<{ items: { to: string; subject: string | null; body: string }[] }>(
        await staff.context.request.get(`/api/communications?clientId=${request!.clientId}`),
        'list messages',
      );
      const message = messages.items.find((m) => m.to === email);
      expect(message?.subject).toBe(`Your booking request at ${own.name}`);
      const link = /https?:\/\/\S+\/book\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(message!.body)?.[0];
      expect(link?.startsWith(`${baseUrl()}/book/confirm?token=`), message!.body).toBe(true);

      // The owner opens the link on their phone.
      const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 } });
      try {
        const tab = await phone.newPage();
        await tab.goto(link!);
        await tab.getByRole('heading', { name: 'Email address confirmed', level: 1 }).waitFor();
        await tab.getByText(SIGN_IN_MESSAGES.bookingEmailConfirmed).waitFor();
        await tab.getByText(own.name).waitFor();
        // Nothing runs off the side of a phone's screen.
        expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        // The link works once: opened again, it says so.
        await tab.reload();
        await tab.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor();
        await tab.getByText(SIGN_IN_MESSAGES.linkInvalid).waitFor();
      } finally {
        await phone.close();
      }

      // The staff see the address confirmed on the request.
      await openInApp(page, '/appointments');
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      const dialog = await openFromList(page, clientName);
      await dialog.getByText('Source: Online request').waitFor();
      await expect.poll(() => dialog.getByTestId('request-email-state').innerText()).toMatch(/^Email confirmed /);
    } finally {
      await owner.context.close();
    }
  });
});
