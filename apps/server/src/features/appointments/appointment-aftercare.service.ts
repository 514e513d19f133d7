import type { AshesDisposition, CremationType } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';
import { appointmentsRepository as repo, type AppointmentAddOnRow } from './appointments.repository.js';
import { prepareAddOns } from './appointment-add-ons.service.js';

export interface AppointmentChoices {
  addOnIds: string[];
  /** null leaves what the appointment has */
  cremationType: CremationType | null;
  ashesDisposition: AshesDisposition | null;
}

/**
 * What a family chose elsewhere (a consent form's answers) put on an appointment in the caller's
 * transaction: the add-ons attached as the appointment's own add-on operations attach them (checked
 * against the location's catalogue, name and price copied) and the aftercare set. The appointment
 * is locked first, as every change of it is.
 */
export async function addChoicesToAppointment(
  tx: Executor,
  auth: AuthContext,
  audit: AuditService,
  appointmentId: string,
  choices: AppointmentChoices,
): Promise<AppointmentAddOnRow[]> {
  const existing = await repo.findForUpdate(tx, auth, appointmentId);
  if (!existing) throw notFound();
  const prepared = await prepareAddOns(
    tx,
    auth,
    existing.locationId,
    choices.addOnIds.map((addOnId) => ({ addOnId, values: {} })),
  );
  const attached: AppointmentAddOnRow[] = [];
  for (const a of prepared) attached.push(await repo.insertAddOn(tx, auth, { ...a, appointmentId }));
  const aftercare = {
    ...(choices.cremationType && { cremationType: choices.cremationType }),
    ...(choices.ashesDisposition && { ashesDisposition: choices.ashesDisposition }),
  };
  const row = Object.keys(aftercare).length > 0 ? await repo.update(tx, auth, appointmentId, aftercare) : undefined;
  await audit.record(tx, auth, [
    ...(row ? [{ entityType: 'appointment', entityId: appointmentId, action: 'update' as const, before: existing, after: row }] : []),
    ...attached.map((a) => ({ entityType: 'appointmentAddOn', entityId: a.id, action: 'create' as const, after: a })),
  ]);
  return attached;
}
