// Set-up shared by the reports' tests over appointments (missed charges, end-of-life volume): two
// accounts with what invoices need, a second location far west of the first, and appointments
// booked through the real API, then put straight where their story ended.
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { at } from '../../../test/scheduling-records.js';
import { appointmentsRepository, type AppointmentRow } from '../appointments/index.js';
import { billingWorld, type BillingWorld } from '../invoices/invoices.fixtures.js';

/** the accounts' first locations' zone (the harness's) */
export const EAST = 'America/New_York';
/** the second location's zone: its evening is already the next day in New York and in UTC */
export const WEST = 'Pacific/Honolulu';

export interface ReportsWorld {
  ctx: TestContext;
  home: TestAccount;
  /** another account, whose records never count */
  other: TestAccount;
  /** holds reports.export */
  reporter: Client;
  /** holds nothing */
  plain: Client;
  world: BillingWorld;
  theirs: BillingWorld;
  /** home's second location, in WEST, named '@West branch' (a name a spreadsheet would run) */
  westId: string;
}

export async function reportsWorld(): Promise<ReportsWorld> {
  const ctx = await createTestApp();
  const [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  const reporter = await createUser(ctx, home, ['reports.export']);
  const plain = await createUser(ctx, home, []);
  const [world, theirs] = await Promise.all([billingWorld(home), billingWorld(other)]);
  const westId = await addLocation(ctx, home, { timezone: WEST, name: '@West branch' });
  return { ctx, home, other, reporter, plain, world, theirs, westId };
}

export interface Booking {
  day: string;
  /** the start on the zone's clock, on the hour (HH:00); without it the next hour from 08:00, so none overlap */
  time?: string;
  zone?: string;
  primaryProviderId?: string;
  /** with the world's add-on */
  addOn?: boolean;
  /** where its status walk, the family's choices or a move between locations ended */
  ended: Partial<Pick<AppointmentRow, 'status' | 'cremationType' | 'ashesDisposition' | 'locationId'>>;
}

/** Books half-hour appointments of a world's client, patient and service, each put where it `ended`. */
export function appointmentBooker(ctx: TestContext) {
  let hour = 7;
  return async function book(t: TestAccount, w: BillingWorld, o: Booking): Promise<api.Appointment> {
    const start = o.time ?? `${String(++hour).padStart(2, '0')}:00`;
    const res = await t.admin.call(api.createAppointment, {
      body: {
        data: {
          locationId: t.locationId,
          clientId: w.client.id,
          patientIds: [w.patient.id],
          serviceIds: [w.service.id],
          ...(o.primaryProviderId && { primaryProviderId: o.primaryProviderId }),
          ...(o.addOn && { addOns: [{ addOnId: w.addOn.id }] }),
          startAt: at(start, o.day, o.zone ?? EAST),
          endAt: at(start.replace(/:00$/, ':30'), o.day, o.zone ?? EAST),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as api.Appointment;
    // The status walk, the family's choices and a move between locations are the appointments
    // feature's (and its tests'); a report reads only where they ended.
    await appointmentsRepository.update(ctx.database.db, t, booked.id, o.ended);
    return booked;
  };
}
