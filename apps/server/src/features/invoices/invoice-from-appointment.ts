// An appointment's draft invoice (docs/decisions/0105): what it performed, priced from the
// catalogue and the appointment, and what it used of inventory that its invoices do not bill yet.
import { toCents, type InvoiceInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { appointmentsRepository, type AppointmentRow } from '../appointments/index.js';
import { servicesRepository } from '../services/index.js';
import type { AppointmentItemUse, LineInput } from './invoice-lines.js';
import { invoicesRepository } from './invoices.repository.js';
import { itemsLeftToBill } from './missed-charges.service.js';

type Input = z.output<typeof InvoiceInput>;

/**
 * What an appointment's draft is made of: its header, a line per service and add-on, and a line
 * per item administered at it that its other invoices do not bill yet.
 */
export async function appointmentDraft(tx: Executor, auth: AuthContext, appointment: AppointmentRow, itemUse: AppointmentItemUse): Promise<[Input, LineInput[]]> {
  const [services, addOns, used, billed] = [
    await servicesRepository.findByIds(tx, auth, appointment.serviceIds),
    await appointmentsRepository.addOnsOf(tx, auth, [appointment.id]),
    await itemUse.administeredAt(tx, auth, [appointment.id]),
    await invoicesRepository.billedFor(tx, auth, [appointment.id]),
  ];
  const byId = new Map(services.map((s) => [s.id, s]));
  const base = { quantity: 1, discountType: 'none' as const, discountValue: 0, taxCodeId: null, providerId: appointment.primaryProviderId };
  const items: LineInput[] = [
    ...appointment.serviceIds.flatMap((id) => {
      const s = byId.get(id);
      return s ? [{ ...base, kind: 'service' as const, description: s.name, unitPrice: toCents(s.price), serviceId: s.id, addOnId: null, itemId: null }] : [];
    }),
    ...addOns.map((a) => ({
      ...base,
      kind: a.addOnId ? ('addOn' as const) : ('text' as const),
      description: a.name,
      unitPrice: toCents(a.price),
      serviceId: null,
      addOnId: a.addOnId,
      itemId: null,
    })),
    ...itemsLeftToBill(used, billed).map((u) => ({
      ...base,
      kind: 'item' as const,
      description: u.name,
      quantity: u.left,
      unitPrice: u.sellPrice,
      taxCodeId: u.taxCodeId,
      serviceId: null,
      addOnId: null,
      itemId: u.itemId,
    })),
  ];
  const header: Input = {
    locationId: appointment.locationId,
    clientId: appointment.clientId,
    patientId: appointment.patientIds[0] ?? null,
    appointmentId: appointment.id,
    dueOn: null,
    discountType: 'none',
    discountValue: 0,
    notes: '',
    pdfTemplateId: null,
  };
  return [header, items];
}
