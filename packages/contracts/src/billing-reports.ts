import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { dateField, idField } from './rules.js';

/** What the books show beside the documents (served by the invoices feature): what an appointment has not billed, the week's unbilled visits, a client's balance. */
// ---------- missed charges ----------
/** Something performed at an appointment (or an inventory item used on it) that no invoice of the appointment bills. */
export const MissedCharge = z.object({
  kind: z.enum(['service', 'addOn', 'item']),
  serviceId: z.string().nullable(),
  addOnId: z.string().nullable(),
  /** an item administered at the appointment beyond what its invoices bill */
  itemId: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  /** cents, from the catalogue (a service, an item's sell price) or as kept on the appointment (an add-on) */
  unitPrice: z.number().int(),
  providerId: z.string().nullable(),
});
export type MissedCharge = z.infer<typeof MissedCharge>;
export const missedCharges = operation({
  method: 'GET',
  path: '/api/invoice/missedCharges',
  access: authenticated,
  tag: 'invoices',
  summary: 'What an appointment performed that none of its invoices bills (services, add-ons)',
  query: z.object({ appointmentId: idField() }),
  response: z.object({ appointmentId: z.string(), invoiceId: z.string().nullable(), items: z.array(MissedCharge) }),
});
export const UnbilledAppointment = z.object({
  appointmentId: z.string(),
  startAt: z.string(),
  status: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  patientName: z.string().nullable(),
  items: z.array(MissedCharge),
  /** cents of everything missing */
  missing: z.number().int(),
});
export const unbilledReport = operation({
  method: 'GET',
  path: '/api/invoice/unbilled',
  access: authenticated,
  tag: 'invoices',
  summary: 'The week’s appointments (from weekOf, seven days, in the location’s time zone) with performed items no invoice bills',
  query: z.object({ locationId: idField(), weekOf: dateField() }),
  response: z.array(UnbilledAppointment),
});

/** What a client owes and holds as credit (the client page's Invoices, Estimates and Payments tabs). */
export const ClientBalance = z.object({
  clientId: z.string(),
  currency: z.string(),
  /** the finalised invoices' balances less credit notes */
  owed: z.number().int(),
  /** payments not allocated to an invoice or estimate, less their refunds */
  credit: z.number().int(),
  /** deposits held on open or approved estimates and on draft invoices (an invoiced estimate's move there) */
  deposits: z.number().int(),
});
export type ClientBalance = z.infer<typeof ClientBalance>;
export const clientBalance = operation({
  method: 'GET',
  path: '/api/invoice/clientBalance',
  access: authenticated,
  tag: 'invoices',
  summary: 'What a client owes, holds as credit and has paid as deposits',
  query: z.object({ clientId: idField() }),
  response: ClientBalance,
});
