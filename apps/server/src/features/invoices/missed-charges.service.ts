// Missed charges: what an appointment performed (its services and add-ons) and the inventory items
// administered at it that none of its invoices bills (not void, drafts count; compared by service,
// add-on or item and quantity), and the reports of appointments past check-out with something
// unbilled: a location's week, and any range of days (the missed-charges report). A handful of
// statements per batch of appointments: the appointments, their add-ons, what their invoices bill,
// the catalogue's prices, names.
import { addDays, APPOINTMENT_STATUSES, startOfLocalDay, thousandths, toCents, type AppointmentStatus, type MissedCharge } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import { appointmentsRepository, type AppointmentAddOnRow, type AppointmentRow } from '../appointments/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { servicesRepository } from '../services/index.js';
import type { AppointmentItem, AppointmentItemUse } from './invoice-lines.js';
import { invoicesRepository } from './invoices.repository.js';

/** Checked Out and every later step of the work (not Cancelled or Rejected): what should be billed by now. */
export const BILLABLE_STATUSES: AppointmentStatus[] = APPOINTMENT_STATUSES.slice(
  APPOINTMENT_STATUSES.indexOf('Checked Out'),
  APPOINTMENT_STATUSES.indexOf('Cancelled'),
) as AppointmentStatus[];

/** The most appointments a location's week can hold in the report (a practice's week is far fewer). */
const WEEK_LIMIT = 5_000;
/** Appointments read and checked at once over a range: what is held follows the batch, not the range. */
const RANGE_BATCH = 1_000;

/** An appointment with something performed that no invoice bills, as the reports show it. */
export type UnbilledVisit = {
  appointmentId: string;
  startAt: Date;
  locationId: string;
  providerId: string | null;
  status: string;
  clientId: string;
  clientName: string | null;
  patientName: string | null;
  items: MissedCharge[];
  /** cents of everything missing */
  missing: number;
};

/** A charge's value in cents: an item's quantity may be a fraction, its value is rounded to the cent. */
const chargeValue = (c: MissedCharge) => Math.round(c.quantity * c.unitPrice);

type Billed = { appointmentId: string; serviceId: string | null; addOnId: string | null; itemId: string | null; quantity: number };

/**
 * The items administered at an appointment beyond what its invoices' item lines bill, each with
 * the quantity left to bill (in thousandths, so 0.1 + 0.2 bills exactly 0.3).
 */
export function itemsLeftToBill(used: readonly AppointmentItem[], billed: readonly Billed[]): (AppointmentItem & { left: number })[] {
  const billedOf = new Map<string, number>();
  for (const b of billed) if (b.itemId) billedOf.set(b.itemId, (billedOf.get(b.itemId) ?? 0) + thousandths(b.quantity));
  return used.flatMap((u) => {
    const left = thousandths(u.quantity) - (billedOf.get(u.itemId) ?? 0);
    return left > 0 ? [{ ...u, left: left / 1000 }] : [];
  });
}

/**
 * What each appointment performed less what its invoices bill: per service and per add-on, the
 * count performed against the quantity billed; what is left over is missing.
 */
function missingOf(
  appointment: AppointmentRow,
  addOns: AppointmentAddOnRow[],
  billed: Billed[],
  services: Map<string, { name: string; price: number }>,
  used: AppointmentItem[],
): MissedCharge[] {
  const left = new Map<string, number>();
  for (const b of billed) {
    const key = b.serviceId ? `s:${b.serviceId}` : b.addOnId ? `a:${b.addOnId}` : undefined;
    if (key) left.set(key, (left.get(key) ?? 0) + b.quantity);
  }
  /** Takes one performed unit from what is billed; false when nothing is left to cover it. */
  const covered = (key: string) => {
    const n = left.get(key) ?? 0;
    if (n >= 1) {
      left.set(key, n - 1);
      return true;
    }
    // A fraction billed (0.5 of a service) covers it in part only: it is still missing.
    left.set(key, 0);
    return false;
  };
  const missing = new Map<string, MissedCharge>();
  const add = (key: string, charge: MissedCharge) => {
    const seen = missing.get(key);
    if (seen) seen.quantity += 1;
    else missing.set(key, charge);
  };
  for (const serviceId of appointment.serviceIds) {
    const service = services.get(serviceId);
    if (!service || covered(`s:${serviceId}`)) continue;
    add(`s:${serviceId}`, {
      kind: 'service',
      serviceId,
      addOnId: null,
      itemId: null,
      description: service.name,
      quantity: 1,
      unitPrice: toCents(service.price),
      providerId: appointment.primaryProviderId,
    });
  }
  for (const a of addOns) {
    // An add-on since deleted from the catalogue has no id to bill it by: it is shown by name only when unbilled by id.
    if (!a.addOnId || covered(`a:${a.addOnId}`)) continue;
    add(`a:${a.addOnId}:${a.price}`, {
      kind: 'addOn',
      serviceId: null,
      addOnId: a.addOnId,
      itemId: null,
      description: a.name,
      quantity: 1,
      unitPrice: toCents(a.price),
      providerId: appointment.primaryProviderId,
    });
  }
  const items = itemsLeftToBill(used, billed).map(
    (u): MissedCharge => ({
      kind: 'item',
      serviceId: null,
      addOnId: null,
      itemId: u.itemId,
      description: u.name,
      quantity: u.left,
      unitPrice: u.sellPrice,
      providerId: appointment.primaryProviderId,
    }),
  );
  return [...missing.values(), ...items];
}

export class MissedChargesService {
  /** `itemUse`: what the appointments used of inventory (the inventory feature's, handed in by the container) */
  constructor(
    private readonly db: Db,
    private readonly itemUse: AppointmentItemUse,
  ) {}

  /** The missing charges of these appointments, by appointment (five statements for any number). */
  private async missingFor(auth: AuthContext, appointments: AppointmentRow[]): Promise<Map<string, MissedCharge[]>> {
    const ids = appointments.map((a) => a.id);
    const addOns = await appointmentsRepository.addOnsOf(this.db, auth, ids);
    const billed = await invoicesRepository.billedFor(this.db, auth, ids);
    const used = await this.itemUse.administeredAt(this.db, auth, ids);
    const services = new Map(
      (await servicesRepository.findByIds(this.db, auth, [...new Set(appointments.flatMap((a) => a.serviceIds))])).map((s) => [s.id, { name: s.name, price: s.price }]),
    );
    // Grouped once by appointment: filtered per appointment, a batch of a thousand read its rows a thousand times.
    const byAppointment = <T extends { appointmentId: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const row of rows) {
        const list = map.get(row.appointmentId);
        if (list) list.push(row);
        else map.set(row.appointmentId, [row]);
      }
      return (id: string) => map.get(id) ?? [];
    };
    const [addOnsOf, billedOf, usedOf] = [byAppointment(addOns), byAppointment(billed), byAppointment(used)];
    return new Map(appointments.map((a) => [a.id, missingOf(a, addOnsOf(a.id), billedOf(a.id), services, usedOf(a.id))]));
  }

  /** The appointments with something missing, with their client's and patients' names. */
  private async described(auth: AuthContext, appointments: AppointmentRow[]): Promise<UnbilledVisit[]> {
    const missing = await this.missingFor(auth, appointments);
    const open = appointments.filter((a) => (missing.get(a.id) ?? []).length > 0);
    if (open.length === 0) return [];
    const clients = new Map((await clientsRepository.byIds(this.db, auth, [...new Set(open.map((a) => a.clientId))])).map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
    const patients = await patientsRepository.refs(this.db, auth, [...new Set(open.flatMap((a) => a.patientIds))]);
    return open.map((a) => {
      const charges = missing.get(a.id)!;
      return {
        appointmentId: a.id,
        startAt: a.startAt,
        locationId: a.locationId,
        providerId: a.primaryProviderId,
        status: a.status,
        clientId: a.clientId,
        clientName: clients.get(a.clientId) ?? null,
        patientName: a.patientIds.map((p) => patients.get(p)?.name).filter(Boolean).join(', ') || null,
        items: charges,
        missing: charges.reduce((sum, c) => sum + chargeValue(c), 0),
      };
    });
  }

  async forAppointment(auth: AuthContext, appointmentId: string) {
    const appointment = await appointmentsRepository.findById(this.db, auth, appointmentId);
    if (!appointment) throw notFound();
    const [missing, drafts] = [await this.missingFor(auth, [appointment]), await invoicesRepository.draftsFor(this.db, auth, [appointment.id])];
    return { appointmentId, invoiceId: drafts[0]?.id ?? null, items: missing.get(appointment.id) ?? [] };
  }

  /** The week from `weekOf` (seven days in the location's time zone): appointments past check-out with something unbilled. */
  async unbilled(auth: AuthContext, locationId: string, weekOf: string) {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    const zone = (await locationsRepository.timezonesOf(this.db, auth, [locationId])).get(locationId) ?? 'UTC';
    const start = startOfLocalDay(weekOf, zone);
    const end = startOfLocalDay(addDays(weekOf, 7), zone);
    const { items } = await appointmentsRepository.range(this.db, auth, { locationIds: [locationId], status: BILLABLE_STATUSES }, start, end, WEEK_LIMIT, 0);
    const visits = await this.described(auth, items.filter((a) => a.startAt >= start));
    return visits.map(({ locationId: _l, providerId: _p, ...v }) => ({ ...v, startAt: v.startAt.toISOString() }));
  }

  /**
   * The appointments past check-out starting on the days from `from` to `to` (both included, on
   * each location's calendar) with something unbilled, at the locations given (their zones) and of
   * a provider (primary or secondary) when given; in order of their start, a location after another.
   * The caller checks the filters' ids.
   */
  async unbilledBetween(
    auth: AuthContext,
    q: { from: string; to: string; locations: readonly { id: string; timezone: string }[]; providerId?: string | undefined },
  ): Promise<UnbilledVisit[]> {
    const out: UnbilledVisit[] = [];
    for (const location of q.locations) {
      const start = startOfLocalDay(q.from, location.timezone);
      const end = startOfLocalDay(addDays(q.to, 1), location.timezone);
      const filters = { locationIds: [location.id], status: BILLABLE_STATUSES, providerIds: q.providerId ? [q.providerId] : undefined };
      for (let offset = 0; ; offset += RANGE_BATCH) {
        const { items, more } = await appointmentsRepository.range(this.db, auth, filters, start, end, RANGE_BATCH, offset);
        // The range holds what overlaps it: an appointment started the evening before is not of these days.
        out.push(...(await this.described(auth, items.filter((a) => a.startAt >= start))));
        if (!more) break;
      }
    }
    return out;
  }
}
