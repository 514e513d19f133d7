import { CREMATION_TYPE_LABELS, TEMPLATE_MERGE_GROUPS, type Appointment, type MergeFieldGroup, type TemplateKind } from '@willow/contracts';
import { together, type Db, type Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { toAppointment, appointmentsRepository } from '../appointments/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository, speciesRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { usersRepository } from '../users/index.js';

/** The records a template is filled from; each id must be the account's (404 otherwise). */
export interface MergeRecords {
  /** the location the message goes out from; else the appointment's, patient's or client's */
  locationId?: string | undefined;
  clientId?: string | undefined;
  /** else the appointment's first patient */
  patientId?: string | undefined;
  appointmentId?: string | undefined;
  /** the staff member writing or sending (usually the signed-in user) */
  staffUserId?: string | null | undefined;
  /** what no record holds: the links a message carries */
  links?: Partial<Record<'form' | 'payment', string>> | undefined;
  /** the invoice a message is about, formatted by its caller */
  invoice?: Partial<Record<'number' | 'date' | 'total' | 'balance', string>> | undefined;
  /** "today" (tests fix it) */
  now?: Date | undefined;
}

/** Merge data: group → field → text, only the groups the kind offers. */
export type MergeContext = Record<string, Record<string, string>>;

export const PATIENT_OF_ANOTHER_CLIENT = 'patientId: is not a patient of this client';
export const APPOINTMENT_OF_ANOTHER_CLIENT = 'appointmentId: is not an appointment of this client';
export const LOCATION_REQUIRED = 'locationId: is required';

const AFTERCARE_STATUSES = new Set(['Submitted For Cremation', 'Cremated', 'Ashes Delivered', 'Ashes Spread']);

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Dates and times as the location's clock shows them: "Tuesday, 24 November 2026", "2:30 PM". */
export function formatLongDate(instant: Date, timeZone: string, weekday = false): string {
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
  return weekday ? `${new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(instant)}, ${date}` : date;
}
/** A calendar day ("2026-11-24", no time or zone) written like the long dates: "24 November 2026". */
export function formatLongDay(day: string): string {
  return formatLongDate(new Date(`${day}T12:00:00Z`), 'UTC');
}
export function formatTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * The aftercare an appointment records: the family's choices when staff set them (decision 0185),
 * else what its cremation service and its status say; and where it has got to.
 */
function aftercareOf(a: Appointment): Record<string, string> {
  const cremation = a.services.find((s) => s.type === 'Cremation');
  const status = AFTERCARE_STATUSES.has(a.status) ? a.status : '';
  const byStatus = a.status === 'Ashes Delivered' ? 'Yes' : a.status === 'Ashes Spread' ? 'No' : '';
  return {
    cremationType: a.cremationType ? CREMATION_TYPE_LABELS[a.cremationType] : (cremation?.name ?? ''),
    ashesReturned: a.ashesDisposition ? (a.ashesDisposition === 'returned' ? 'Yes' : 'No') : byStatus,
    status,
  };
}

/**
 * Builds the data a template of a kind is merged with, from the account's records (tenant-scoped:
 * another account's id is not found), with dates and times in the location's time zone. Other
 * features call it before rendering (messages, documents, forms), the preview too.
 */
export class MergeContextService {
  constructor(private readonly db: Db) {}

  async build(scope: Scope, kind: TemplateKind, records: MergeRecords, ex: Executor = this.db): Promise<MergeContext> {
    const appointmentRow = records.appointmentId ? await appointmentsRepository.findById(ex, scope, records.appointmentId) : undefined;
    if (records.appointmentId && !appointmentRow) throw notFound();
    const appointment = appointmentRow ? await toAppointment(ex, scope, appointmentRow) : undefined;

    const patientId = records.patientId ?? appointment?.patientIds[0];
    const patient = patientId ? await patientsRepository.findById(ex, scope, patientId) : undefined;
    if (patientId && !patient) throw notFound();

    const clientId = records.clientId ?? patient?.clientId ?? appointment?.clientId;
    const [client, species] = await together(ex, [
      () => (clientId ? clientsRepository.findById(ex, scope, clientId) : Promise.resolve(undefined)),
      () => (patient ? speciesRepository.findById(ex, patient.speciesId) : Promise.resolve(undefined)),
    ] as const);
    if (clientId && !client) throw notFound();
    if (patient && client && patient.clientId !== client.id) throw badRequest(PATIENT_OF_ANOTHER_CLIENT);
    if (appointment && client && appointment.clientId !== client.id) throw badRequest(APPOINTMENT_OF_ANOTHER_CLIENT);

    const locationId = records.locationId ?? appointment?.locationId ?? patient?.locationId ?? client?.locationId;
    if (!locationId) throw badRequest(LOCATION_REQUIRED);
    const staffId = records.staffUserId ?? undefined;
    const providerId = appointment?.primaryProviderId ?? undefined;
    const [location, account, staff, provider] = await together(ex, [
      () => locationsRepository.findById(ex, scope, locationId),
      () => accountsRepository.findById(ex, scope.accountId),
      () => (staffId ? usersRepository.findById(ex, scope, staffId) : Promise.resolve(undefined)),
      () => (providerId ? usersRepository.findById(ex, scope, providerId) : Promise.resolve(undefined)),
    ] as const);
    if (!location || (staffId && !staff)) throw notFound();
    const zone = location.timezone;
    const now = records.now ?? new Date();

    const groups: Partial<Record<MergeFieldGroup, Record<string, string>>> = {
      location: { name: location.name, address: location.address ?? '', phone: location.phone ?? '', timezone: zone },
      practice: { name: account?.name ?? '' },
      today: { date: formatLongDate(now, zone) },
    };
    if (client) {
      groups.client = {
        firstName: client.firstName,
        lastName: client.lastName,
        fullName: fullName(client),
        email: client.email ?? '',
        phone: client.phone ?? '',
        address: client.address ?? '',
      };
    }
    if (patient) {
      groups.patient = {
        name: patient.name,
        species: species?.name ?? '',
        breed: patient.breed ?? '',
        sex: capitalise(patient.sex),
        dateOfBirth: patient.dateOfBirth ?? '',
        // the day of the death as recorded, not the day a certificate is made
        dateOfDeath: patient.deceasedOn ? formatLongDay(patient.deceasedOn) : '',
        weight: patient.weightKg === null ? '' : `${patient.weightKg} kg`,
      };
    }
    if (appointment) {
      const start = new Date(appointment.startAt);
      groups.appointment = {
        date: formatLongDate(start, zone, true),
        time: formatTime(start, zone),
        status: appointment.status,
        service: appointment.services.map((s) => s.name).join(', '),
        provider: provider ? fullName(provider) : '',
        address: appointment.address ?? '',
        addOns: appointment.addOns.map((a) => a.name).join(', '),
      };
      groups.aftercare = aftercareOf(appointment);
    }
    if (staff) groups.staff = { firstName: staff.firstName, lastName: staff.lastName, fullName: fullName(staff) };
    if (records.links) groups.link = { form: records.links.form ?? '', payment: records.links.payment ?? '' };
    if (records.invoice) {
      const i = records.invoice;
      groups.invoice = { number: i.number ?? '', date: i.date ?? '', total: i.total ?? '', balance: i.balance ?? '' };
    }

    const data: MergeContext = {};
    for (const group of TEMPLATE_MERGE_GROUPS[kind]) {
      const values = groups[group];
      if (values) data[group] = values;
    }
    return data;
  }
}
