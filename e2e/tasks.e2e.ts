// Tasks as a person at the front desk: "Call back" from a patient's page, its due time typed with
// the keyboard in the location's zone, seen in My Tasks and on the navigation's badge, completed
// in one click and brought back with the toast's Undo, and one given from elsewhere arriving by
// the live stream; at 1440 px and on a 375 px phone. Each viewport has its own person at a
// location of the file's own, so the badge counts only theirs (and their role's).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@willow/contracts';
import { seriousViolations } from './axe.ts';
import { baseUrl, cleanTab, launch } from './browser.ts';
import { apiCreateClient, apiCreatePatient, apiSignIn, json, rowWith, speciesId, startSignedIn, toastText } from './clinic.ts';
import { mainNav, navEntry, navSection, readSettings, typeDate, unique } from './helpers.ts';
import { SERVICES, seedOwnLocation, type OwnLocation, type StaffMember } from './own-location.ts';
import { apiCreateAppointment, instantAt, openFromList } from './scheduling.ts';

const ZONE = 'America/New_York';
const VIEWPORTS = [
  { name: '1440 px', size: { width: 1440, height: 900 }, phone: false },
  { name: '375 px', size: { width: 375, height: 812 }, phone: true },
] as const;

let browser: Browser;
let own: OwnLocation;
const households: { client: { id: string; name: string }; patient: { id: string; name: string } }[] = [];
let appointment: { id: string };

beforeAll(async () => {
  browser = await launch();
  own = await seedOwnLocation(browser, {
    name: `Test Clinic Tasks ${unique()}`,
    timeZone: ZONE,
    services: [SERVICES.sick],
    providers: [{ firstName: 'Ada', lastName: 'Appleby' }],
    staff: [
      { firstName: 'Tess', lastName: 'Tasker', role: 'Front Desk' },
      { firstName: 'Toby', lastName: 'Tasker', role: 'Front Desk' },
    ],
  });
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    await apiSignIn(context);
    for (const viewport of VIEWPORTS) {
      const last = `Callback${unique()}`;
      const client = await apiCreateClient(context, { locationId: own.id, firstName: 'Nora', lastName: last });
      const patient = await apiCreatePatient(context, { clientId: client.id, name: `Biscuit ${viewport.size.width}`, speciesId: speciesId(own, 'Dog') });
      households.push({ client: { id: client.id, name: `Nora ${last}` }, patient: { id: patient.id, name: patient.name } });
    }
    const day = addDays(localDate(Date.now(), ZONE), 2);
    appointment = await apiCreateAppointment(context, {
      locationId: own.id,
      clientId: households[0]!.client.id,
      patientIds: [households[0]!.patient.id],
      serviceIds: [own.services[0]!.id],
      startAt: instantAt(day, '14:00', ZONE),
      endAt: instantAt(day, '14:30', ZONE),
      primaryProviderId: own.providers[0]!.id,
    });
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** On a phone the navigation is a drawer: Menu opens it. */
async function withNav<T>(page: Page, phone: boolean, act: () => Promise<T>): Promise<T> {
  if (phone) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await mainNav(page).waitFor({ state: 'visible' });
  }
  return act();
}

/** The number on the Tasks badge once it has loaded (MUI hides a zero). */
async function badgeCount(page: Page): Promise<number> {
  const badge = navSection(page, 'Communications').getByRole('link').filter({ hasText: 'Tasks' }).locator('.MuiBadge-badge');
  await badge.waitFor({ state: 'attached' });
  if ((await badge.getAttribute('class'))?.includes('MuiBadge-invisible')) return 0;
  return Number((await badge.textContent())?.trim());
}

/** Waits for the badge to read `count`; on a phone the drawer is closed again. */
async function expectBadge(page: Page, phone: boolean, count: number) {
  await withNav(page, phone, () => expect.poll(() => badgeCount(page)).toBe(count));
  if (phone) {
    await page.keyboard.press('Escape');
    await mainNav(page).waitFor({ state: 'hidden' });
  }
}

/** My open tasks at the location the navigation has selected (all of them under All Locations), as the server counts them. */
async function myOpenCount(page: Page): Promise<number> {
  const locationId = (await readSettings(page))?.locationId;
  const query = typeof locationId === 'string' ? `?locationId=${locationId}` : '';
  return (await json<{ count: number }>(await page.context().request.get(`/api/task/count${query}`), 'my open tasks')).count;
}

/** Types into a field with the keyboard, as a person does: replaces what is there, then Tab. */
async function typeInto(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

describe('tasks', () => {
  VIEWPORTS.forEach((viewport, i) => {
    it(`at ${viewport.name}: a call back for tomorrow from a patient's page, in My Tasks and the badge, completed and undone`, async () => {
      const person: StaffMember = own.staff[i]!;
      const { client, patient } = households[i]!;
      const { page } = await cleanTab(viewport.size);
      try {
        await startSignedIn(page, person.email, `/patients/${patient.id}`);
        await page.getByRole('heading', { name: patient.name, level: 1 }).waitFor();
        // Tasks given to the Front Desk role (the demo's) are theirs too: the count starts where the server says.
        const before = await myOpenCount(page);
        await expectBadge(page, viewport.phone, before);

        // Add task opens the quick task: "Call back <client>", tomorrow 10:00 at the location, mine.
        await page.getByRole('button', { name: 'Add task' }).click();
        const dialog = page.getByRole('dialog', { name: 'New task' });
        const title = dialog.getByRole('textbox', { name: 'Title' });
        await expect.poll(() => title.inputValue()).toBe(`Call back ${client.name}`);
        const tomorrow = addDays(localDate(Date.now(), ZONE), 1);
        const dueDate = dialog.getByLabel('Due date');
        const dueTime = dialog.getByRole('textbox', { name: 'Due time' });
        expect(await dueDate.inputValue()).toBe(tomorrow);
        expect(await dueTime.inputValue()).toBe('10:00 AM');
        await dialog.getByText(`Due in ${ZONE}`).waitFor();
        await expect.poll(() => dialog.getByRole('combobox', { name: 'Assigned to' }).innerText()).toContain(person.name);

        // Typed with the keyboard: the title, the day after tomorrow, then tomorrow again, and 9:30 AM.
        const named = `Call back ${client.name} about ${patient.name}`;
        await typeInto(page, title, named);
        await typeDate(dueDate, addDays(tomorrow, 1));
        await typeDate(dueDate, tomorrow);
        await typeInto(page, dueTime, '9:30 am');
        expect(await dueTime.inputValue()).toBe('9:30 AM');

        // Esc with changes asks before discarding them; Keep editing keeps every one.
        await page.keyboard.press('Escape');
        const discard = page.getByRole('dialog', { name: 'Discard changes?' });
        await discard.waitFor();
        await discard.getByRole('button', { name: 'Keep editing' }).click();
        await discard.waitFor({ state: 'hidden' });
        expect(await title.inputValue()).toBe(named);
        expect(await dueTime.inputValue()).toBe('9:30 AM');
        expect(await seriousViolations(page)).toEqual([]);

        await dialog.getByRole('button', { name: 'Create' }).click();
        await toastText(page, 'Task created').waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await expectBadge(page, viewport.phone, before + 1);

        // The patient's Tasks tab lists it.
        await page.getByRole('tab', { name: 'Tasks' }).click();
        await rowWith(page.getByRole('grid', { name: 'Open tasks of this patient' }), named).waitFor();

        // My Tasks, from the navigation: due tomorrow 9:30 AM at the location.
        await withNav(page, viewport.phone, () => navEntry(page, 'Communications', 'Tasks').click());
        await page.waitForURL((url) => url.pathname === '/tasks/my-tasks');
        await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
        const mine = page.getByRole('grid', { name: 'My Tasks' });
        const row = rowWith(mine, named);
        await row.waitFor();
        expect(await row.innerText()).toMatch(/9:30\s?AM/);
        expect(await seriousViolations(page)).toEqual([]);

        // One click completes it: gone from My Tasks, the badge down; Undo in the toast brings it back.
        await row.getByRole('checkbox', { name: `Complete ${named}` }).click();
        await toastText(page, 'Task completed').waitFor();
        await row.waitFor({ state: 'detached' });
        // On a phone the badge is in the drawer: a person undoes first, while the toast is there.
        if (!viewport.phone) await expectBadge(page, viewport.phone, before);
        await page.getByRole('button', { name: 'Undo' }).click();
        await toastText(page, 'Task reopened').waitFor();
        await row.waitFor();
        expect(await row.getByRole('checkbox', { name: `Complete ${named}` }).isChecked()).toBe(false);
        await expectBadge(page, viewport.phone, before + 1);
        if (!viewport.phone) {
          // A task given to them from elsewhere (not this page's request): the live stream brings the badge up, no reload.
          const data = { locationId: own.id, title: `Order the urn for ${patient.name}`, assignedToId: person.id };
          await json(await page.context().request.post('/api/task', { data: { taskData: data } }), 'create a task elsewhere');
          await expectBadge(page, viewport.phone, before + 2);
          await rowWith(mine, data.title).waitFor();
        }
        if (viewport.phone) {
          // Completed again, for good this time: the badge goes down.
          await row.getByRole('checkbox', { name: `Complete ${named}` }).click();
          await row.waitFor({ state: 'detached' });
          await expectBadge(page, viewport.phone, before);
        }
      } catch (e) {
        await page.screenshot({ path: `/tmp/tasks-e2e-${viewport.size.width}.png` });
        throw e;
      }
    });
  });

  it('from an appointment: Add task links the appointment, and Create is the second click', async () => {
    const person = own.staff[0]!;
    const { client, patient } = households[0]!;
    const { page } = await cleanTab(VIEWPORTS[0].size);
    try {
      await startSignedIn(page, person.email, '/appointments');
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      const booked = await openFromList(page, client.name);
      await booked.getByRole('button', { name: 'Add task' }).click();
      const dialog = page.getByRole('dialog', { name: 'New task' });
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(`Call back ${client.name}`);
      await dialog.getByText(/^Appointment: .*Sick visit$/).waitFor();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await toastText(page, 'Task created').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The appointment's dialog is still open, untouched: Esc closes it without asking.
      await page.keyboard.press('Escape');
      await booked.waitFor({ state: 'hidden' });

      const query = new URLSearchParams({ appointmentId: appointment.id, status: 'open', limit: '25', offset: '0' });
      const tasks = await json<{ items: { title: string; patientId: string | null; assignedToId: string | null }[] }>(
        await page.context().request.get(`/api/task?${query}`),
        'tasks of the appointment',
      );
      expect(tasks.items).toEqual([expect.objectContaining({ title: `Call back ${client.name}`, patientId: patient.id, assignedToId: person.id })]);
    } catch (e) {
      await page.screenshot({ path: '/tmp/tasks-e2e-appointment.png' });
      throw e;
    }
  });
});
