import type { AddOnAttachInput, AppointmentAddOn } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import type { AuditService } from '../audit/index.js';
import { appointmentsRepository as repo } from './appointments.repository.js';
import { keepAppointmentHistory } from './appointment-checks.service.js';
import { toAddOn } from './appointment-reads.service.js';
import { attachedAddOn, checkAddOnValues, editableOptions } from './appointment.rules.js';

type AttachValues = z.output<typeof AddOnAttachInput>;

/**
 * Checks add-ons to attach and copies their name and price (one look-up for all). `fieldOf` names
 * where each sits in the request, for the refusal.
 */
export async function prepareAddOns(
  ex: Executor,
  scope: Scope,
  locationId: string,
  inputs: AttachValues[],
  fieldOf: (i: number) => string = (i) => `addOns.${i}.`,
) {
  const catalogue = new Map(
    (
      await addOnsRepository.findByIds(
        ex,
        scope,
        inputs.map((a) => a.addOnId),
      )
    ).map((a) => [a.id, a]),
  );
  return inputs.map((input, i) => attachedAddOn(catalogue.get(input.addOnId), locationId, input.values, fieldOf(i)));
}

/** Add-ons on an appointment one at a time; a booking or a change attaches them in its own transaction. */
export class AppointmentAddOnsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {
    keepAppointmentHistory(audit);
  }

  async attach(auth: AuthContext, input: AttachValues & { appointmentId: string }): Promise<AppointmentAddOn> {
    return this.db.transaction(async (tx) => {
      const appointment = await repo.findById(tx, auth, input.appointmentId);
      if (!appointment) throw notFound();
      const [prepared] = await prepareAddOns(tx, auth, appointment.locationId, [input], () => '');
      const row = await repo.insertAddOn(tx, auth, { ...prepared!, appointmentId: appointment.id });
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: row.id, action: 'create', after: row }]);
      return toAddOn(row);
    });
  }

  async update(auth: AuthContext, id: string, values: Record<string, string>): Promise<AppointmentAddOn> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findAttachedAddOn(tx, auth, id);
      if (!existing) throw notFound();
      const catalogue = existing.addOnId ? await addOnsRepository.findById(tx, auth, existing.addOnId) : undefined;
      const options = editableOptions(catalogue, existing.values);
      const row = (await repo.updateAddOnValues(tx, auth, id, checkAddOnValues(options, values, 'values')))!;
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: id, action: 'update', before: existing, after: row }]);
      return toAddOn(row);
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findAttachedAddOn(tx, auth, id);
      if (!existing || !(await repo.removeAddOn(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: id, action: 'delete', before: existing }]);
    });
  }
}
