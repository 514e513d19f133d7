import { END_OF_LIFE_SERVICE_TYPES, isVisitService, visitMinutes } from '@willow/contracts';
import type { AppointmentDetail, SidebarProvider } from '@willow/contracts';
import type { Option } from '../../components/form-fields';

/** A service the Services field offers. */
export interface ServiceOption {
  id: string;
  name: string;
  type: string;
  duration: number;
}

const serviceOption = (s: ServiceOption): ServiceOption => ({ id: s.id, name: s.name, type: s.type, duration: s.duration });

/**
 * The location's active services, then those on the appointment that are no longer offered: a
 * service since made inactive still shows on the appointment that has it.
 */
export function serviceOptionsOf(offered: readonly ServiceOption[], onAppointment: readonly ServiceOption[]): ServiceOption[] {
  const list = offered.map(serviceOption);
  for (const s of onAppointment) if (!list.some((x) => x.id === s.id)) list.push(serviceOption(s));
  return list;
}

/** How the Services field names a service: its visit minutes, or that it happens after the visit. */
export const serviceLabel = (s: ServiceOption) => (isVisitService(s) ? `${s.name} (${s.duration} min)` : `${s.name} (after the visit)`);

/** Minutes of visit the chosen services take (services done after the visit take none). */
export const visitLengthOf = (options: readonly ServiceOption[], ids: readonly string[]) =>
  visitMinutes(options.filter((s) => ids.includes(s.id)));

/** Whether a chosen service happens after the visit (cremation, aftercare). */
export const hasAfterVisitService = (options: readonly ServiceOption[], ids: readonly string[]) =>
  options.some((s) => ids.includes(s.id) && !isVisitService(s));

/** What the services field says about the length it gives. */
export function servicesHelp(visitLength: number, endSetByUser: boolean, afterVisit: boolean): string | undefined {
  const after = afterVisit ? ' (cremation and aftercare happen after the visit)' : '';
  if (visitLength === 0) return afterVisit ? `No visit time${after}` : undefined;
  return endSetByUser ? `The visit takes ${visitLength} min${after}; the end is kept as you set it` : `The visit takes ${visitLength} min${after}; the end follows it`;
}

/**
 * The providers a provider field offers: the location's staff in that role, and the one already
 * chosen even when they no longer are one, so the field still names who it holds.
 */
export function providerOptionsOf(
  providers: readonly SidebarProvider[],
  kind: 'primary' | 'secondary',
  current: string,
  staffNames: ReadonlyMap<string, string> | undefined,
): Option[] {
  const list = providers
    .filter((p) => (kind === 'primary' ? p.isPrimaryProvider : p.isSecondaryProvider))
    .map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }));
  if (current && !list.some((o) => o.value === current)) list.push({ value: current, label: staffNames?.get(current) ?? 'Former provider' });
  return list;
}

/** An animal the Patients field offers. */
export interface PatientOption {
  id: string;
  name: string;
  speciesName: string;
  deceasedOn: string | null;
  alerts?: readonly string[];
}

/**
 * The client's animals, then those on the appointment that the list does not hold. The previous
 * client's list stays on screen while the new one loads, so only the chosen client's animals are
 * offered, and the appointment's own only while it is still for its client.
 */
export function patientOptionsOf(
  listed: readonly (PatientOption & { clientId: string })[],
  clientId: string,
  appointment: Pick<AppointmentDetail, 'clientId' | 'patients'> | null,
): PatientOption[] {
  const all: PatientOption[] = listed.filter((p) => p.clientId === clientId);
  const onAppointment = appointment && appointment.clientId === clientId ? appointment.patients : [];
  for (const p of onAppointment) if (!all.some((x) => x.id === p.id)) all.push(p);
  return all;
}

/**
 * Services whose visit happens at the family's home: a home visit, and an end-of-life service that
 * is a visit (a euthanasia; cremation and aftercare happen after the visit, wherever it was).
 * Decision 0179.
 */
export const isHomeService = (s: { type: string }) =>
  s.type === 'Home Visit' || ((END_OF_LIFE_SERVICE_TYPES as readonly string[]).includes(s.type) && isVisitService(s));

/** Whether the services just added (in `next`, not in `before`) include a home service. */
export function addsHomeService(options: readonly ServiceOption[], before: readonly string[], next: readonly string[]): boolean {
  return options.some((s) => next.includes(s.id) && !before.includes(s.id) && isHomeService(s));
}

/**
 * The client's only living animal, which a booking for them is then for; undefined when they
 * have none or several (the person picks).
 */
export function onlyLivingPatient(options: readonly PatientOption[]): string | undefined {
  const living = options.filter((p) => p.deceasedOn === null);
  return living.length === 1 ? living[0]!.id : undefined;
}
