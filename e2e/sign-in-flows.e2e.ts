// The sign-in flows that go through the portal's own email (the fake mail server's mailbox): a
// code, a link, a forgotten password, a new practice from its first email to its first
// appointment, and an invitation from the Users page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { cleanTab, DEMO_PASSWORD, DESKTOP, launch, newPage, signIn } from './browser.ts';
import { json, locationNamed, OWNER, pickOption, rowWith, toast, toastText } from './clinic.ts';
import { mainNav, pathOf, tokenCookie, unique } from './helpers.ts';
import { codeIn, linkIn, mailTo, waitForMail } from './mailbox.ts';
import { seedOwnLocation, type OwnLocation } from './own-location.ts';
import { apiCreateAppointment, apiHousehold, calendarEvent, instantAt, newPageInZone, openCalendar, upcomingWednesday } from './scheduling.ts';

let browser: Browser;
let own: OwnLocation;
beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Sign-in Flows Clinic ${unique()}`,
    timeZone: 'America/Chicago',
    staff: [
      { firstName: 'Cody', lastName: 'Coder', role: 'Front Desk' },
      { firstName: 'Lina', lastName: 'Linker', role: 'Front Desk' },
      { firstName: 'Rita', lastName: 'Resetter', role: 'Front Desk' },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

const staffNamed = (firstName: string) => {
  const found = own.staff.find((s) => s.firstName === firstName);
  if (!found) throw new Error(`no staff member ${firstName}`);
  return found;
};

/** A password the rules accept, different every run. */
const newPassword = () => `Fern-${unique()}-Quill`;

/** The sign-in page's first step, then its second with the code and link choices. */
async function toSecondStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.keyboard.press('Enter');
  await page.getByLabel('Password').waitFor();
}

describe('signing in through email', () => {
  it('signs in with an emailed code typed on a phone, and a wrong code is said under the field', async () => {
    const cody = staffNamed('Cody');
    const { context, page } = await cleanTab({ width: 375, height: 740 });
    await toSecondStep(page, cody.email);
    expect(await page.getByText(cody.email, { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText(SIGN_IN_MESSAGES.codeSent).waitFor();
    const code = page.getByLabel('6-digit code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // Nothing to scroll sideways to on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The field has the focus: the code is typed without a tap on it first.
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);

    const mail = await waitForMail(cody.email);
    const right = codeIn(mail);
    // The code is in the subject, read from the phone's notification.
    expect(mail.subject).toBe(`${right} is your Willow sign-in code`);
    const wrong = right === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await page.getByText(SIGN_IN_MESSAGES.codeWrong).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();

    await code.fill('');
    await page.keyboard.type(right);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await tokenCookie(context)).toBeDefined();
  });

  it('signs in with an emailed link opened in the browser; the link works once', async () => {
    const lina = staffNamed('Lina');
    let link = '';
    const { context, page } = await cleanTab();
    await toSecondStep(page, lina.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText(SIGN_IN_MESSAGES.linkSent).waitFor();
    link = linkIn(await waitForMail(lina.email), '/magicLink');

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).waitFor();
    expect(await tokenCookie(context)).toBeDefined();
    // Used once: another browser opening it again is told so, with the way back.
    const again = await newPage(browser);
    try {
      await again.page.goto(link);
      await again.page.getByText(SIGN_IN_MESSAGES.linkInvalid).waitFor();
      await again.page.getByRole('link', { name: 'Back to sign in' }).first().click();
      await again.page.waitForURL((url) => url.pathname === '/login');
      expect(await tokenCookie(again.context)).toBeUndefined();
    } finally {
      await again.context.close();
    }
  });

  it('sets a new password through the emailed link, which signs out the browser signed in before', async () => {
    const rita = staffNamed('Rita');
    const before = await newPage(browser);
    const { context, page } = await newPage(browser);
    try {
      await signIn(before.page, rita.email, '/profile');
      await mainNav(before.page).waitFor();

      await toSecondStep(page, rita.email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgotPassword');
      await page.getByRole('button', { name: 'Email me a link' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(rita.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByText(SIGN_IN_MESSAGES.resetSent).waitFor();
      const link = linkIn(await waitForMail(rita.email), '/resetPassword');

      await page.goto(link);
      await page.getByText(rita.email, { exact: true }).waitFor();
      const password = newPassword();
      // The rules are explained, and a password they refuse is said under the field before sending.
      await page.getByText('At least 12 characters, not a common password and not your name or email.').waitFor();
      await page.getByLabel(/^New password/).fill('short');
      await page.getByLabel('Confirm new password').fill('short');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByText('This field must be at least 12 characters.').waitFor();
      await page.getByLabel(/^New password/).fill(password);
      await page.getByLabel('Confirm new password').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await toast(page, SIGN_IN_MESSAGES.passwordReset).waitFor();

      // The browser signed in before is signed out at its next request.
      await before.page.goto('/users');
      await before.page.waitForURL((url) => url.pathname === '/login');

      // The new password signs in; the old one no longer does.
      const fresh = await newPage(browser);
      try {
        await toSecondStep(fresh.page, rita.email);
        await fresh.page.getByLabel('Password').fill(DEMO_PASSWORD);
        await fresh.page.getByRole('button', { name: 'Sign in' }).click();
        await fresh.page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }).waitFor();
        await fresh.page.getByLabel('Password').fill(password);
        await fresh.page.getByRole('button', { name: 'Sign in' }).click();
        await fresh.page.waitForURL((url) => url.pathname === '/');
      } finally {
        await fresh.context.close();
      }
    } finally {
      await context.close();
      await before.context.close();
    }
  });
});

describe('a new practice', () => {
  it('sets itself up from the emailed link, sees the Get started list until email works, has the common species, invites a veterinarian with a location, books its first appointment and puts the list away', async () => {
    const email = `founder.${unique()}@e2e.test`;
    const practice = `Maple Vets ${unique()}`;
    const clinic = `Maple Street ${unique()}`;
    const { context, page } = await newPageInZone(browser, 'America/Denver');
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'New practice? Set it up' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding');
      // The page comes in a chunk of its own: the sign-in page shows until it has.
      await page.getByRole('button', { name: 'Email me a link' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByText(SIGN_IN_MESSAGES.onboardingSent).waitFor();
      const link = linkIn(await waitForMail(email), '/onboarding');

      await page.goto(link);
      await page.getByText(email, { exact: true }).waitFor();
      await page.getByLabel('Practice name').fill(practice);
      await page.getByLabel('First location').fill(clinic);
      // The time zone starts as the browser's own.
      expect(await page.getByRole('combobox', { name: /^Its time zone/ }).inputValue()).toBe('America/Denver');
      await page.getByLabel('Your first name').fill('Fiona');
      await page.getByLabel('Your last name').fill('Founder');
      const password = newPassword();
      await page.getByLabel(/^New password/).fill(password);
      await page.getByLabel('Confirm new password').fill(password);
      await page.getByRole('button', { name: 'Create practice' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await mainNav(page).waitFor();

      // The empty portal's list: nothing done yet.
      const list = page.getByRole('region', { name: 'Get started' });
      await list.waitFor();
      for (const step of ['Add services', 'Add staff', 'Set up email']) await list.getByRole('link', { name: step }).waitFor();

      await list.getByRole('link', { name: 'Add services' }).click();
      await page.waitForURL((url) => url.pathname === '/services');
      await page.getByRole('button', { name: 'New service' }).click();
      const dialog = page.getByRole('dialog', { name: /^New service/ });
      await pickOption(dialog, 'Type', 'Consultation');
      await dialog.getByRole('textbox', { name: 'Name' }).fill('First exam');
      await dialog.getByRole('textbox', { name: 'Duration (min)' }).fill('30');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('50');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await rowWith(page.getByRole('grid', { name: 'Services' }), 'First exam').waitFor();

      // Back on the Schedule, the step is done; the others are still to do.
      await mainNav(page).getByRole('link', { name: 'Schedule', exact: true }).click();
      await list.getByRole('link', { name: 'Add staff' }).waitFor();
      await expect.poll(() => list.getByRole('link', { name: 'Add services' }).count()).toBe(0);
      expect(await list.getByText('Add services').isVisible()).toBe(true);

      // Its first location sees the common species from the first day (decision 0191).
      const request = page.context().request;
      const location = await locationNamed(context, clinic);
      for (const name of ['Cat', 'Dog', 'Rabbit']) expect(location.species.map((s) => s.name)).toContain(name);

      // Its first veterinarian is invited with the location they are booked at (decision 0192).
      await list.getByRole('link', { name: 'Add staff' }).click();
      await page.waitForURL((url) => url.pathname === '/users');
      await page.getByRole('button', { name: 'New user' }).click();
      const invite = page.getByRole('dialog', { name: 'New user' });
      const vetEmail = `vet.${unique()}@e2e.test`;
      await invite.getByLabel('First name').fill('Vince');
      await invite.getByLabel('Last name').fill('Vet');
      await invite.getByRole('textbox', { name: 'Email' }).fill(vetEmail);
      await invite.getByRole('combobox', { name: 'Roles' }).click();
      await page.getByRole('option', { name: 'Veterinarian', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await invite.getByRole('button', { name: 'Create' }).click();
      await invite.getByText('A provider needs at least one location, or they cannot be booked').waitFor();
      await invite.getByRole('combobox', { name: /^Locations/ }).click();
      await page.getByRole('option', { name: clinic, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await invite.getByRole('button', { name: 'Create' }).click();
      await toastText(page, SIGN_IN_MESSAGES.invitationSent).waitFor();
      await invite.waitFor({ state: 'hidden' });
      const vetRow = rowWith(page.getByRole('grid', { name: 'Users' }), vetEmail);
      await vetRow.getByText('Invitation sent').waitFor();
      expect(await vetRow.getByText('No location: can’t be booked').count()).toBe(0);

      // Services and staff are in, email is not: the list stays, with email still to do.
      await mainNav(page).getByRole('link', { name: 'Schedule', exact: true }).click();
      await list.getByRole('link', { name: 'Set up email' }).waitFor();
      await expect.poll(() => list.getByRole('link', { name: 'Add staff' }).count()).toBe(0);
      expect(await list.getByText('One step left').isVisible()).toBe(true);

      // Its first appointment, for a client of its own, shows on its calendar.
      const service = (await json<{ id: string; name: string }[]>(await request.get(`/api/service?locationId=${location.id}&onlyActive=true`), 'services')).find((s) => s.name === 'First exam')!;
      const household = await apiHousehold(context, location, unique(), 'Firstclient', 'Rex');
      const date = upcomingWednesday(location.timezone);
      const appointment = await apiCreateAppointment(context, {
        locationId: location.id,
        clientId: household.client.id,
        patientIds: [household.patient.id],
        serviceIds: [service.id],
        startAt: instantAt(date, '10:00', location.timezone),
        endAt: instantAt(date, '10:30', location.timezone),
      });
      // A load of its own: the calendar drawn above was asked for before this appointment was made.
      await openCalendar(page, 'day', date, location.timezone, { load: true });
      await calendarEvent(page, appointment.id).waitFor();

      // On a phone the list is a column above the calendar, nothing to scroll sideways to.
      await page.setViewportSize({ width: 375, height: 740 });
      await list.getByRole('link', { name: 'Set up email' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const box = (await list.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await page.setViewportSize(DESKTOP);

      // Put away, the list stays away for this person, on this computer and on another.
      await list.getByRole('button', { name: 'Dismiss the Get started list' }).click();
      await list.waitFor({ state: 'hidden' });
      await page.reload();
      await mainNav(page).waitFor();
      await page.getByTestId('calendar').waitFor();
      expect(await list.count()).toBe(0);

      const other = await newPage(browser);
      try {
        await other.page.goto('/login');
        await other.page.getByLabel('Email').fill(email);
        await other.page.keyboard.press('Enter');
        await other.page.getByLabel('Password').fill(password);
        const asked = other.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile/gettingStarted');
        await other.page.keyboard.press('Enter');
        await other.page.waitForURL((url) => url.pathname === '/');
        expect(await (await asked).json()).toEqual({ dismissed: true });
        await other.page.getByTestId('calendar').waitFor();
        expect(await other.page.getByRole('region', { name: 'Get started' }).count()).toBe(0);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });
});

describe('an invitation', () => {
  it('is sent from the Users page (Esc keeps what was typed), shows as pending, and is accepted through the emailed link', async () => {
    const email = `invited.${unique()}@e2e.test`;
    const owner = await newPage(browser);
    const invited = await newPage(browser);
    try {
      await signIn(owner.page, OWNER, '/users');
      await owner.page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await owner.page.getByRole('button', { name: 'New user' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'New user' });
      await dialog.getByLabel('First name').fill('Ivy');
      await dialog.getByLabel('Last name').fill('Invitee');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      // An invitation is the default: no password to type.
      expect(await dialog.getByRole('radio', { name: 'Send an invitation email' }).isChecked()).toBe(true);
      expect(await dialog.getByLabel('Initial password').count()).toBe(0);

      // Esc asks before throwing the form away; keeping it keeps every field.
      await owner.page.keyboard.press('Escape');
      const prompt = owner.page.getByRole('dialog', { name: 'Discard changes?' });
      await prompt.getByRole('button', { name: 'Keep editing' }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
      expect(await dialog.getByLabel('First name').inputValue()).toBe('Ivy');

      await dialog.getByRole('button', { name: 'Create' }).click();
      await toastText(owner.page, SIGN_IN_MESSAGES.invitationSent).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const grid = owner.page.getByRole('grid', { name: 'Users' });
      const row = rowWith(grid, email);
      await row.getByText('Invitation sent').waitFor();

      // Sent again: a second email, and only its link works.
      await waitForMail(email);
      await row.getByRole('menuitem', { name: 'Resend invitation to Ivy Invitee' }).or(row.getByRole('button', { name: 'Resend invitation to Ivy Invitee' })).click();
      await toast(owner.page, SIGN_IN_MESSAGES.invitationSent).waitFor();
      const link = linkIn(await waitForMail(email, 2), '/onboarding');
      const first = linkIn((await mailTo(email))[0]!, '/onboarding');
      expect(first).not.toBe(link);

      await invited.page.goto(link);
      await invited.page.getByText(email, { exact: true }).waitFor();
      expect(await invited.page.getByLabel('First name').inputValue()).toBe('Ivy');
      expect(await invited.page.getByLabel('Last name').inputValue()).toBe('Invitee');
      const password = newPassword();
      await invited.page.getByLabel(/^New password/).fill(password);
      await invited.page.getByLabel('Confirm new password').fill(password);
      await invited.page.getByRole('button', { name: 'Join and sign in' }).click();
      await invited.page.waitForURL((url) => pathOf(invited.page) !== '/onboarding' && url.pathname === '/');
      await mainNav(invited.page).waitFor();

      // No longer pending on the owner's list.
      await owner.page.reload();
      await rowWith(grid, email).waitFor();
      await expect.poll(() => rowWith(grid, email).getByText('Invitation sent').count()).toBe(0);
    } finally {
      await owner.context.close();
      await invited.context.close();
    }
  });
});
