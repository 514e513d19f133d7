// How long the calendar's week view takes to show a busy week in the browser: one location with
// 10 providers and 1,000 appointments in one week, seeded straight into a fresh data folder, then
// the production build opened in Debian's Chromium. Each run is a new browser context (cold
// cache), median of --runs (5) after one warm-up.
//   npm run build && npm run bench:calendar-render [-- --runs 5]
// Reported: navigation start to the events drawn ('calendar:events-end' mark), the calendar's own
// 'calendar:events' measure (laying the week out and rendering it), the longest main-thread task
// up to then ('longtask' entries, the app's start included) and the longest of those that ran
// while the week was drawn (from its 'calendar:events-start' mark to its end mark).
// With --cpu each measured run is also traced (Chromium's trace of the page's main thread), and
// the main thread's CPU time is reported beside: from the 'calendar:events-start' mark to the
// end mark (the tasks running then, in thread time), and the longest such task. On a machine
// shared with other work the wall-clock figures above count the time the page waits for a core;
// these count only its own work, so builds can be compared on a busy day.
// With --profile <dir> each measured run's JavaScript CPU profile is written there (sampled every
// 0.1 ms, `calendar-<time>.cpuprofile`); with --cpu as well, the profile carries the events'
// window (`window: {start, end}`, on the profile's clock) and the run's trace is written beside it
// (`.trace.json`, with the devtools timeline: style, layout and paint events), to see where the
// week's time goes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, localDate, localDateTimeToInstant, weekdayOf, type AppointmentStatus } from '@willow/contracts';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client.js';
import { appointments, scheduleNotes, scheduleSlots, services } from '../apps/server/src/db/schema.js';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts.js';
import { clientsRepository } from '../apps/server/src/features/clients/clients.repository.js';
import { locationsRepository, speciesRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { patientsRepository } from '../apps/server/src/features/patients/patients.repository.js';
import { rolesRepository } from '../apps/server/src/features/roles/roles.repository.js';
import { usersRepository } from '../apps/server/src/features/users/users.repository.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { SERVICE_CATALOGUE } from '../apps/server/src/seed/demo-services.js';
import { FIRST_NAMES, LAST_NAMES, PET_NAMES, pick, prng } from '../apps/server/src/seed/names.js';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.js';
import { arg, flag, startServer } from './load.js';

const RUNS = Number(arg('runs', '5'));
const CPU = flag('cpu');
/** --profile <dir>: each measured run's JavaScript CPU profile (.cpuprofile, 0.1 ms samples) written there. */
const PROFILE = arg('profile', '') || undefined;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });
const PROVIDERS = 10;
const PER_PROVIDER_DAY = 20;
const TIMEZONE = 'America/New_York';
const DESK = 'desk@render.test';
const PASSWORD = 'demo-password';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/** Statuses of the default filter, so every appointment is drawn. */
const STATUSES: AppointmentStatus[] = ['Confirmed', 'Confirmed', 'Confirmed', 'Pending', 'Checked In', 'Checked Out', 'Completed', 'Completed', 'Submitted For Cremation', 'Cremated'];

/** One location with 10 providers, a front desk user and 1,000 appointments Monday to Friday of this week. */
async function seedWeek(dataDir: string): Promise<{ locationId: string; locationName: string; monday: string; count: number }> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    await ensureReferenceData(db);
    const rand = prng(7);
    const account = await seedAccounts(db).accounts.create({
      name: 'Busy Week Veterinary',
      subscriptionTier: 'premium',
      owner: { firstName: 'Rita', lastName: 'Render', email: 'owner@render.test', password: PASSWORD },
      location: { name: 'Busy Week Hospital', timezone: TIMEZONE },
    });
    const scope = { accountId: account.id };
    const [location] = await locationsRepository.listSorted(db, scope, {});
    const catalogue = await speciesRepository.findByNames(db, ['Dog', 'Cat']);
    for (const s of catalogue) await locationsRepository.addSpecies(db, scope, location!.id, s.id);
    const roles = await rolesRepository.list(db, scope, {});
    const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
    const passwordHash = await hashPassword(PASSWORD);
    const providerIds: string[] = [];
    for (let n = 0; n < PROVIDERS; n++) {
      const user = await usersRepository.insert(db, scope, { email: `vet${n + 1}@render.test`, firstName: pick(rand, FIRST_NAMES), lastName: pick(rand, LAST_NAMES), passwordHash });
      await usersRepository.setRoles(db, scope, user.id, [roleId('Veterinarian')]);
      await usersRepository.setLocations(db, scope, user.id, [location!.id]);
      providerIds.push(user.id);
    }
    // The front desk watches everyone's week (a provider would see only their own at first).
    const desk = await usersRepository.insert(db, scope, { email: DESK, firstName: 'Dana', lastName: 'Desk', passwordHash });
    await usersRepository.setRoles(db, scope, desk.id, [roleId('Front Desk')]);
    await usersRepository.setLocations(db, scope, desk.id, [location!.id]);

    const clients = await clientsRepository.insertMany(
      db,
      scope,
      Array.from({ length: 400 }, (_, i) => {
        const firstName = pick(rand, FIRST_NAMES);
        const lastName = pick(rand, LAST_NAMES);
        return { locationId: location!.id, firstName, lastName, email: `${firstName}.${lastName}.${i}@render.example`.toLowerCase().replace(/'/g, '') };
      }),
    );
    const pets = await patientsRepository.insertMany(
      db,
      scope,
      clients.map((c) => ({ clientId: c.id, locationId: location!.id, name: pick(rand, PET_NAMES), speciesId: pick(rand, catalogue).id })),
    );
    // Short visits only: twenty a day fit each provider's day without overlapping.
    const quick = SERVICE_CATALOGUE.filter((s) => s.duration <= 30);
    const serviceRows = await db
      .insert(services)
      .values(quick.map((s) => ({ accountId: account.id, locationId: location!.id, type: s.type, name: s.name, duration: s.duration, price: s.price })))
      .returning();

    const today = localDate(new Date(), TIMEZONE);
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
    const rows: (typeof appointments.$inferInsert)[] = [];
    const slots: (typeof scheduleSlots.$inferInsert)[] = [];
    for (let d = 0; d < 5; d++) {
      const date = addDays(monday, d);
      for (const [from, to] of [
        [540, 720],
        [780, 1020],
      ] as const)
        slots.push({ accountId: account.id, locationId: location!.id, startAt: localDateTimeToInstant(date, from, TIMEZONE), endAt: localDateTimeToInstant(date, to, TIMEZONE), capacity: PROVIDERS });
      for (const providerId of providerIds) {
        for (let k = 0; k < PER_PROVIDER_DAY; k++) {
          const service = pick(rand, serviceRows);
          const pet = pick(rand, pets);
          const startAt = localDateTimeToInstant(date, 8 * 60 + 30 * k, TIMEZONE);
          rows.push({
            accountId: account.id,
            locationId: location!.id,
            clientId: pet.clientId,
            patientIds: [pet.id],
            serviceIds: [service.id],
            primaryProviderId: providerId,
            startAt,
            endAt: new Date(startAt.getTime() + service.duration * 60_000),
            status: pick(rand, STATUSES),
          });
        }
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(appointments).values(rows);
      await tx.insert(scheduleSlots).values(slots);
      await tx.insert(scheduleNotes).values([
        { accountId: account.id, locationId: location!.id, date: monday, text: 'Team meeting 16:30' },
        { accountId: account.id, locationId: location!.id, date: addDays(monday, 2), providerId: providerIds[0]!, text: 'In surgery until 11' },
      ]);
    });
    return { locationId: location!.id, locationName: location!.name, monday, count: rows.length };
  } finally {
    await database.close();
  }
}

interface RunResult {
  /** navigation start to the 'calendar:events-end' mark */
  toEvents: number;
  /** the 'calendar:events' measure */
  events: number;
  /** the longest task up to the events being drawn */
  longestTask: number;
  /** the longest task while they were drawn (overlapping the 'calendar:events' measure) */
  longestDrawing: number;
  drawn: number;
  /** with --cpu: the main thread's CPU time (ms) for the events, and its longest task's */
  cpu?: { events: number; longestTask: number };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The trace's events, and its 'calendar:events' marks (the page's own user timing, on the trace's clock, which is the CPU profile's too). */
function traceOf(trace: Buffer): { events: TraceEvent[]; start: TraceEvent; end: TraceEvent } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => events.find((e) => e.name === name && e.ph !== 'M');
  const start = mark('calendar:events-start');
  const end = mark('calendar:events-end');
  if (!start || !end) throw new Error('the trace has no calendar:events marks');
  return { events, start, end };
}

/** The renderer main thread's tasks overlapping the events' marks: their thread time summed, and the longest. */
function mainThreadCpu({ events, start, end }: ReturnType<typeof traceOf>): { events: number; longestTask: number } {
  // The marks are in the page's renderer process; its main thread runs the tasks.
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === start.pid);
  const onMain = (e: TraceEvent) => !!main && e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && onMain(e) && e.ts + (e.dur ?? 0) >= start.ts && e.ts <= end.ts);
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
  return { events: cpu.reduce((a, b) => a + b, 0), longestTask: Math.max(0, ...cpu) };
}

async function runOnce(browser: Browser, base: string, week: { locationId: string; locationName: string; monday: string }): Promise<RunResult> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1600, height: 1000 } });
  try {
    const login = await context.request.post('/api/auth/login', { data: { data: { email: DESK, password: PASSWORD } } });
    if (!login.ok()) throw new Error(`sign-in: ${login.status()}`);
    const settings = JSON.stringify({ locationId: week.locationId, locationName: week.locationName });
    await context.addInitScript(
      ([key, value]) => {
        window.localStorage.setItem(key, value);
        const tasks: { start: number; duration: number }[] = [];
        (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      },
      ['settings', settings] as const,
    );
    const page = await context.newPage();
    const cdp = PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    if (CPU) await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', ...(PROFILE ? ['devtools.timeline'] : [])] });
    await page.goto(`/?view=week&date=${week.monday}`);
    await page.waitForFunction(() => performance.getEntriesByName('calendar:events', 'measure').length > 0, undefined, { timeout: 60_000 });
    // Two frames later the task that drew the week has ended and been reported.
    const result = await page.evaluate(
      () =>
        new Promise<RunResult>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const end = performance.getEntriesByName('calendar:events-end', 'mark')[0]!;
              const measure = performance.getEntriesByName('calendar:events', 'measure')[0]!;
              const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
              const drawing = tasks.filter((t) => t.start + t.duration >= measure.startTime && t.start <= end.startTime);
              resolve({
                toEvents: end.startTime,
                events: measure.duration,
                longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
                longestDrawing: Math.max(0, ...drawing.map((t) => t.duration)),
                drawn: document.querySelectorAll('[data-appointment-id]').length,
              });
            }),
          ),
        ),
    );
    const traceFile = CPU ? await browser.stopTracing() : undefined;
    const trace = traceFile && traceOf(traceFile);
    if (trace) result.cpu = mainThreadCpu(trace);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const stamp = Date.now();
      writeFileSync(join(PROFILE!, `calendar-${stamp}.cpuprofile`), JSON.stringify(trace ? { ...profile, window: { start: trace.start.ts, end: trace.end.ts } } : profile));
      if (traceFile) writeFileSync(join(PROFILE!, `calendar-${stamp}.trace.json`), traceFile);
    }
    return result;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'willow-calendar-render-'));
try {
  const week = await seedWeek(dataDir);
  const server = await startServer({ dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  try {
    await runOnce(browser, server.base, week);
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) results.push(await runOnce(browser, server.base, week));
    const drawn = results[0]!.drawn;
    console.log(`week view of ${week.monday}: ${week.count} appointments, ${PROVIDERS} providers, ${drawn} events drawn; median of ${RUNS} runs (cold browser cache each)`);
    console.log('measure                                | median   | runs');
    const row = (label: string, pick: (r: RunResult) => number) =>
      console.log(`${label.padEnd(38)} | ${`${median(results.map(pick)).toFixed(0)} ms`.padStart(8)} | ${results.map((r) => pick(r).toFixed(0)).join(', ')}`);
    row('navigation to events drawn', (r) => r.toEvents);
    row("'calendar:events' (layout and render)", (r) => r.events);
    row('longest task, from navigation', (r) => r.longestTask);
    row('longest task, while the week is drawn', (r) => r.longestDrawing);
    if (CPU) {
      row("main-thread CPU, 'calendar:events'", (r) => r.cpu!.events);
      row('main-thread CPU, longest task', (r) => r.cpu!.longestTask);
    }
    if (results.some((r) => r.drawn !== drawn)) console.log(`  events drawn differed between runs: ${results.map((r) => r.drawn).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
