// The demo practices' billing: tax codes per location, an invoice for the visits done (finalised,
// from each appointment's services and add-ons), one waiting as a draft at check-out, the latest
// completed visit left unbilled (the unbilled report shows it), a credit note, and estimates open
// and approved. Written through the invoices feature's services, so the figures are what the
// pricing function gives. Most finalised invoices are paid (in full, by card or cash), one in part,
// some are still owed, and the approved estimate holds a deposit: through the payments feature.
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { appointmentsRepository } from '../features/appointments/appointments.repository.js';
import { DomainEventBus } from '../platform/domain-events.js';
import { AuditService } from '../features/audit/audit.service.js';
import { addOnsRepository } from '../features/add-ons/add-ons.repository.js';
import { EstimatesService } from '../features/invoices/estimates.service.js';
import { InvoicesService } from '../features/invoices/invoices.service.js';
import { invoiceInventory } from '../features/inventory/inventory-billing.subscriptions.js';
import { taxCodesRepository } from '../features/invoices/invoices.repository.js';
import { invoicePayments, paymentTypesRepository } from '../features/payments/payments.repository.js';
import { PaymentsService } from '../features/payments/payments.service.js';
import { servicesRepository } from '../features/services/services.repository.js';
import { actorName } from '../features/users/users.service.js';
import type { AuthContext } from '../platform/access.js';
import type { Scope } from '../platform/tenant-repository.js';

export interface DemoBillingPractice {
  locationId: string;
  /** basis points: the location's sales tax */
  salesTax: number;
  /** the staff member the seed acts as */
  userId: string;
}

const DONE: AppointmentStatus[] = APPOINTMENT_STATUSES.slice(APPOINTMENT_STATUSES.indexOf('Checked Out'), APPOINTMENT_STATUSES.indexOf('Cancelled'));

export async function seedDemoBilling(db: Db, scope: Scope, practices: DemoBillingPractice[]): Promise<void> {
  const audit = new AuditService(db, actorName);
  // The seed writes through the services; nothing it does is refused or followed by another feature.
  const events = new DomainEventBus(db);
  const invoices = new InvoicesService(db, audit, events, invoicePayments, invoiceInventory);
  const estimates = new EstimatesService(db, audit, events, invoicePayments, invoiceInventory.lineItems);
  const payments = new PaymentsService(db, audit, events);
  const card = await paymentTypesRepository.firstOfMethod(db, scope, 'card');
  const cash = await paymentTypesRepository.firstOfMethod(db, scope, 'cash');
  for (const p of practices) {
    const auth: AuthContext = { accountId: scope.accountId, homeAccountId: scope.accountId, userId: p.userId, sessionId: 'demo-seed', permissions: [], roles: [] };
    const [salesTax] = await taxCodesRepository.insertMany(db, scope, [
      { locationId: p.locationId, name: 'Sales tax', rate: p.salesTax },
      { locationId: p.locationId, name: 'Cremation (exempt)', rate: 0 },
    ]);

    // Oldest first, so the numbers follow the visits.
    const { items } = await appointmentsRepository.page(db, scope, { locationIds: [p.locationId], status: DONE }, 200, 0);
    const done = items.filter((a) => a.clientId).reverse();
    const checkedOut = done.filter((a) => a.status === 'Checked Out');
    const completed = done.filter((a) => a.status !== 'Checked Out');
    const unbilled = completed.at(-1);
    let first: Awaited<ReturnType<InvoicesService['get']>> | undefined;
    const finalised: string[] = [];
    for (const a of completed) {
      if (a === unbilled) continue;
      const draft = await invoices.fromAppointment(auth, a.id);
      if (draft.items.length === 0) continue;
      const invoice = await invoices.finalise(auth, draft.id);
      finalised.push(invoice.id);
      first ??= invoice;
    }
    for (const a of checkedOut) {
      // At check-out the desk is still putting the invoice together: a draft, the sales tax on the visit.
      const draft = await invoices.fromAppointment(auth, a.id);
      await invoices.update(auth, draft.id, {}, draft.items.map((i) => ({ ...i, taxCodeId: i.kind === 'service' ? salesTax!.id : null })));
    }
    if (first && first.items.length > 0) {
      const note = await invoices.createCreditNote(auth, first.id, { reason: 'Goodwill discount on the visit', itemIds: [first.items[0]!.id] });
      await invoices.finalise(auth, note.id);
    }
    // Paid in full by card or cash, one in four still owed, one paid in part.
    for (const [n, id] of finalised.entries()) {
      if (n % 4 === 3) continue;
      const invoice = await invoices.get(auth, id);
      const amount = n % 4 === 2 ? Math.floor(invoice.balance / 2) : invoice.balance;
      if (amount <= 0) continue;
      await db.transaction((tx) =>
        payments.record(tx, scope, {
          locationId: p.locationId,
          clientId: invoice.clientId,
          paymentTypeId: (n % 2 === 0 ? card : cash)?.id ?? null,
          amount,
          receivedAt: new Date(invoice.finalisedAt ?? invoice.createdAt),
          allocations: [{ invoiceId: id, amount }],
          createdById: p.userId,
        }),
      );
    }

    const services = await servicesRepository.activeAt(db, scope, p.locationId);
    const cremation = services.find((s) => /cremation/i.test(s.name)) ?? services[0];
    const addOns = (await addOnsRepository.list(db, scope, {})).filter((a) => a.locationId === p.locationId).slice(0, 2);
    const clients = [...new Set(done.map((a) => a.clientId))];
    if (!cremation) continue;
    for (const [n, clientId] of clients.slice(0, 2).entries()) {
      const estimate = await estimates.create(
        auth,
        {
          locationId: p.locationId,
          clientId,
          patientId: null,
          appointmentId: null,
          validUntil: null,
          discountType: 'none',
          discountValue: 0,
          notes: 'Private cremation with the ashes returned; the urn is chosen at the handover.',
        },
        [
          {
            kind: 'service',
            description: cremation.name,
            quantity: 1,
            unitPrice: Math.round(cremation.price * 100),
            discountType: 'none',
            discountValue: 0,
            taxCodeId: null,
            providerId: null,
            serviceId: cremation.id,
            addOnId: null,
            itemId: null,
            highQuantity: null,
          },
          ...addOns.map((a) => ({
            kind: 'addOn' as const,
            description: a.name,
            quantity: 1,
            unitPrice: Math.round(a.price * 100),
            discountType: 'none' as const,
            discountValue: 0,
            taxCodeId: salesTax!.id,
            providerId: null,
            serviceId: null,
            addOnId: a.id,
            itemId: null,
            highQuantity: 2,
          })),
        ],
      );
      if (n === 1) {
        await estimates.approve(auth, estimate.id);
        // The family paid a deposit before the visit: held on the estimate until it becomes the invoice.
        const deposit = Math.min(10_000, estimate.lowTotal);
        if (deposit > 0)
          await db.transaction((tx) =>
            payments.record(tx, scope, {
              locationId: p.locationId,
              clientId,
              paymentTypeId: card?.id ?? null,
              amount: deposit,
              allocations: [{ estimateId: estimate.id, amount: deposit }],
              reference: 'Deposit',
              createdById: p.userId,
            }),
          );
      }
    }
  }
}
