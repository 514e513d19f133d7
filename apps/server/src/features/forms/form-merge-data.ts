// The texts of a form that a client's data fills in: its consent clauses when the form is opened,
// and the email or SMS that carries its link. Every one goes through the one template engine.
import type { FormField } from '@willow/contracts';
import { together, type Executor } from '../../db/client.js';
import { renderTemplate, type MergeData } from '../../platform/template-engine.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { appointmentsRepository, type AppointmentRow } from '../appointments/appointments.repository.js';
import type { ClientRow } from '../clients/clients.repository.js';
import { locationsRepository, speciesRepository, type LocationRow } from '../locations/locations.repository.js';
import type { PatientRow } from '../patients/patients.repository.js';
import { servicesRepository } from '../services/services.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { formRequestSmsTemplate } from './form-templates.repository.js';

/** What a form's texts are about. */
export interface FormSubject {
  locationId: string;
  client: ClientRow;
  patient: PatientRow | undefined;
  appointmentId?: string | null | undefined;
  appointment?: AppointmentRow | undefined;
}

const SEX_LABELS: Record<string, string> = { male: 'Male', female: 'Female', unknown: 'Unknown' };
const text = (v: string | null | undefined) => v ?? '';

function dateIn(instant: Date, timeZone: string, withWeekday: boolean): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, ...(withWeekday && { weekday: 'long' }), day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
}
const timeIn = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);

/**
 * The merge data of a form's groups (client, patient, appointment, location, practice, today) from
 * the records. Aftercare has no records yet: its fields render empty.
 */
export async function formMergeData(ex: Executor, scope: Scope, s: FormSubject): Promise<{ data: MergeData; location: LocationRow; practiceName: string }> {
  const [location, account, appointment, species] = await together(ex, [
    () => locationsRepository.findById(ex, scope, s.locationId),
    () => accountsRepository.findById(ex, scope.accountId),
    () => (s.appointment ? Promise.resolve(s.appointment) : s.appointmentId ? appointmentsRepository.findById(ex, scope, s.appointmentId) : Promise.resolve(undefined)),
    () => (s.patient ? speciesRepository.list(ex) : Promise.resolve([])),
  ] as const);
  if (!location) throw new Error(`location ${s.locationId} of a form request is missing`);
  const timeZone = location.timezone;
  const [services, providers, addOns] = appointment
    ? await together(ex, [
        () => servicesRepository.findByIds(ex, scope, appointment.serviceIds),
        () => (appointment.primaryProviderId ? usersRepository.listWithLinks(ex, scope, { ids: [appointment.primaryProviderId] }) : Promise.resolve([])),
        () => appointmentsRepository.addOnsOf(ex, scope, [appointment.id]),
      ] as const)
    : [[], [], []];
  const c = s.client;
  const p = s.patient;
  const provider = providers[0];
  const practiceName = account?.name ?? '';
  const data: MergeData = {
    client: {
      firstName: c.firstName,
      lastName: c.lastName,
      fullName: `${c.firstName} ${c.lastName}`,
      email: text(c.email),
      phone: text(c.phone),
      address: text(c.address),
    },
    patient: p
      ? {
          name: p.name,
          species: species.find((x) => x.id === p.speciesId)?.name ?? '',
          breed: text(p.breed),
          sex: SEX_LABELS[p.sex] ?? p.sex,
          dateOfBirth: text(p.dateOfBirth),
          weight: p.weightKg === null ? '' : `${p.weightKg} kg`,
        }
      : {},
    appointment: appointment
      ? {
          date: dateIn(appointment.startAt, timeZone, true),
          time: timeIn(appointment.startAt, timeZone),
          status: appointment.status,
          service: services.map((x) => x.name).join(', '),
          provider: provider ? `${provider.firstName} ${provider.lastName}` : '',
          address: text(appointment.address),
          addOns: addOns.map((a) => a.name).join(', '),
        }
      : {},
    location: { name: location.name, address: text(location.address), phone: text(location.phone), timezone: timeZone },
    practice: { name: practiceName },
    aftercare: {},
    today: { date: dateIn(new Date(), timeZone, false) },
  };
  return { data, location, practiceName };
}

export interface LinkMessageInput extends Omit<FormSubject, 'locationId'> {
  channel: 'email' | 'sms';
  url: string;
  formName: string;
  expiresAt: Date;
}

/** The form's texts for a client, rendered by the template engine. */
export class FormTexts {
  /** The fields as the client sees them: each consent clause merged with their data. */
  async renderClauses(ex: Executor, scope: Scope, fields: readonly FormField[], s: FormSubject) {
    const { data, location, practiceName } = await formMergeData(ex, scope, s);
    const rendered: FormField[] = [];
    for (const f of fields) rendered.push(f.type === 'consent' && f.text ? { ...f, text: await renderTemplate(f.text, data) } : f);
    return { fields: rendered, locationName: location.name, practiceName };
  }

  /**
   * The message that carries the link. An SMS uses the location's "Form request" SMS template
   * (the first by name) when it has one, with the link as {{ link.form }}; otherwise, and for
   * email, the product's own words.
   */
  async linkMessage(ex: Executor, scope: Scope, m: LinkMessageInput): Promise<{ subject: string | null; body: string }> {
    const locationId = m.appointment?.locationId ?? m.client.locationId;
    const { data, location } = await formMergeData(ex, scope, { ...m, locationId });
    const until = dateIn(m.expiresAt, location.timezone, false);
    const about = m.patient ? ` about ${m.patient.name}` : '';
    if (m.channel === 'sms') {
      const template = await formRequestSmsTemplate(ex, scope, locationId);
      if (template) return { subject: null, body: await renderTemplate(template.body, { ...data, link: { form: m.url } }) };
      return { subject: null, body: `${location.name}: please fill in “${m.formName}”${about}: ${m.url} (until ${until})` };
    }
    return {
      subject: `${m.formName} — ${location.name}`,
      body: [
        `Hello ${m.client.firstName},`,
        '',
        `${location.name} asks you to fill in “${m.formName}”${about}. Open this link to fill it in:`,
        '',
        m.url,
        '',
        `The link works until ${until} and can be submitted once.`,
      ].join('\n'),
    };
  }
}
