// The checks a booking, a change and a correction share: that the records an appointment names
// fit together, and that its time does not clash with another one unless a reason is given.
import { CLIENT_ARCHIVED, PATIENT_ARCHIVED } from '@willow/contracts';
import { together, type Executor } from '../../db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { patientsRepository } from '../patients/index.js';
import { servicesRepository } from '../services/index.js';
import { usersRepository } from '../users/index.js';
import { appointmentsRepository as repo, type OverlapRow } from './appointments.repository.js';
import { overlapMessage, providersOf, unique, type Clash, type Slot } from './appointment.rules.js';

/** An attached add-on's lookup: one object, so each service that registers it registers the same. */
const ATTACHED_ADD_ONS = { findById: repo.findAttachedAddOn };

/** The history appointments keep, of themselves and their attached add-ons; each of the feature's services registers it. */
export function keepAppointmentHistory(audit: AuditService): void {
  audit.registerRecord('appointment', repo);
  audit.registerRecord('appointmentAddOn', ATTACHED_ADD_ONS);
}

/**
 * The client a booking names. Share-locked until the appointment is written, so the client is
 * not archived or deleted (after finding no history) in the meantime; an archived client takes
 * no new bookings.
 */
export async function assertClient(ex: Executor, scope: Scope, locationId: string, clientId: string) {
  const client = await clientsRepository.findById(ex, scope, clientId, { lock: 'share' });
  if (!client) throw badRequest('clientId: unknown client');
  if (client.locationId !== locationId) throw badRequest('clientId: this client is not at this location');
  if (client.archivedAt) throw badRequest(`clientId: ${CLIENT_ARCHIVED}`);
}

/**
 * The patients a booking names, share-locked like the client. A patient archived since may stay
 * on an appointment that had it (`alreadyOn`); none is newly added.
 */
export async function assertPatients(ex: Executor, scope: Scope, clientId: string, ids: string[], alreadyOn: readonly string[] = []) {
  const rows = await patientsRepository.findByIds(ex, scope, ids, { lock: 'share' });
  if (rows.length !== ids.length) throw badRequest('patientIds: unknown patient');
  if (rows.some((p) => p.clientId !== clientId)) throw badRequest('patientIds: each patient must belong to the client');
  if (rows.some((p) => p.archivedAt && !alreadyOn.includes(p.id))) throw badRequest(`patientIds: ${PATIENT_ARCHIVED}`);
}

/**
 * Services of the location; one no longer offered may stay on an appointment that had it. They
 * stay share-locked until the appointment is written, so none is deleted in the meantime.
 */
export async function assertServices(ex: Executor, scope: Scope, locationId: string, ids: string[], alreadyOn: string[]) {
  const rows = await servicesRepository.lockShared(ex, scope, ids);
  if (rows.length !== ids.length) throw badRequest('serviceIds: unknown service');
  if (rows.some((s) => s.locationId !== locationId)) throw badRequest('serviceIds: this service is not offered at this location');
  if (rows.some((s) => !s.active && !alreadyOn.includes(s.id))) throw badRequest('serviceIds: this service is no longer offered');
  return rows;
}

const PROVIDER_ROLES = {
  primaryProviderId: { holds: 'isPrimaryProvider', label: 'a primary provider' },
  secondaryProviderId: { holds: 'isSecondaryProvider', label: 'a secondary provider' },
} as const;

/** Providers are active users of the account whose roles let them hold appointments in that role (the users feature's rule). */
export async function assertProviders(
  ex: Executor,
  scope: Scope,
  primary: string | null,
  secondary: string | null,
  check: { primary: boolean; secondary: boolean },
) {
  if (primary && primary === secondary) throw badRequest('secondaryProviderId: must differ from the primary provider');
  const wanted: [keyof typeof PROVIDER_ROLES, string | null, boolean][] = [
    ['primaryProviderId', primary, check.primary],
    ['secondaryProviderId', secondary, check.secondary],
  ];
  const due = wanted.filter(([, userId, checked]) => userId && checked);
  if (due.length === 0) return;
  const states = new Map(
    (
      await usersRepository.providerStates(
        ex,
        scope,
        due.map(([, userId]) => userId!),
      )
    ).map((u) => [u.id, u]),
  );
  for (const [field, userId] of due) {
    const { holds, label } = PROVIDER_ROLES[field];
    const user = states.get(userId!);
    if (!user) throw badRequest(`${field}: unknown user`);
    if (!user.isActive) throw badRequest(`${field}: this user is not active`);
    if (!user[holds]) throw badRequest(`${field}: this user cannot be ${label}`);
  }
}

/** The names the overlap message gives, each read from the feature that owns it. */
async function describeClash(ex: Executor, scope: Scope, row: OverlapRow): Promise<Clash> {
  const [[client], providerNames, patientRows] = await together(ex, [
    () => clientsRepository.summaries(ex, scope, [row.clientId]),
    () => usersRepository.fullNames(ex, scope, providersOf(row.primaryProviderId, row.secondaryProviderId)),
    () => patientsRepository.findByIds(ex, scope, row.patientIds),
  ] as const);
  const nameOf = (id: string | null) => (id ? (providerNames.get(id) ?? null) : null);
  const patientById = new Map(patientRows.map((p) => [p.id, p]));
  return {
    startAt: row.startAt,
    endAt: row.endAt,
    primaryProviderId: row.primaryProviderId,
    secondaryProviderId: row.secondaryProviderId,
    primaryName: nameOf(row.primaryProviderId),
    secondaryName: nameOf(row.secondaryProviderId),
    // The client row always exists: deleting a client deletes their appointments.
    clientFirstName: client?.firstName ?? '',
    clientLastName: client?.lastName ?? '',
    // in the appointment's order
    patients: unique(row.patientIds).flatMap((id) => {
      const p = patientById.get(id);
      return p ? [{ id: p.id, name: p.name }] : [];
    }),
  };
}

/**
 * Refuses (409, naming the clash) a time that overlaps another active appointment of the same
 * provider or patient, unless a reason is given. Locks the providers and patients first, so two
 * bookings at once cannot both pass the check. Returns the reason to keep on the appointment.
 */
export async function guardOverlap(
  ex: Executor,
  scope: Scope,
  timeZone: string,
  wanted: Slot & { excludeId?: string },
  reason: string | null | undefined,
): Promise<string | null> {
  await repo.lockKeys(ex, [
    ...wanted.providerIds.map((id) => `appointment-provider:${id}`),
    ...wanted.patientIds.map((id) => `appointment-patient:${id}`),
  ]);
  const clash = await repo.findOverlap(ex, scope, wanted);
  if (clash && !reason) throw conflict(overlapMessage(await describeClash(ex, scope, clash), wanted, timeZone));
  return reason ?? null;
}
