// The demo's automations at its first location: a household vaccination reminder, a text the day
// before a visit (waiting for approval, so Pending Texts has something), an aftercare email after
// the ashes are delivered, a sympathy card after a death, and a task for the front desk when an
// invoice is still unpaid. Their first items are made by the clock's own run over the demo's
// records (not written by hand): today's 09:00 run, and the unpaid-invoice run 14 days on.
import { addDays, localDate, type Invoice } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { AuditService } from '../features/audit/audit.service.js';
import { AutomationClock } from '../features/automations/automation-clock.service.js';
import { AutomationDelivery, type InvoiceFacts } from '../features/automations/automation-delivery.service.js';
import { instantOn } from '../features/automations/automation-times.rules.js';
import { automationsRepository, type AutomationRow } from '../features/automations/automations.repository.js';
import type { CommunicationsService } from '../features/communications/communications.service.js';
import { invoiceMergeFields } from '../features/invoices/invoice-pdf.service.js';
import { InvoicesService } from '../features/invoices/invoices.service.js';
import { invoiceInventory } from '../features/inventory/inventory-billing.subscriptions.js';
import { invoicePayments } from '../features/payments/payments.repository.js';
import { TasksService } from '../features/tasks/tasks.service.js';
import { MergeContextService } from '../features/templates/merge-context.service.js';
import { emailTemplatesRepository, smsTemplatesRepository } from '../features/templates/templates.repository.js';
import { actorName } from '../features/users/users.service.js';
import { DomainEventBus } from '../platform/domain-events.js';
import { HttpError } from '../platform/errors.js';
import { checkTemplate } from '../platform/template-engine.js';
import type { Scope } from '../platform/tenant-repository.js';

const VACCINATION_REMINDER = {
  name: 'Vaccination reminder',
  subject: 'Vaccinations due for {{ reminder.pets }}',
  body: [
    'Dear {{ client.firstName }},',
    '',
    'A quick reminder from {{ location.name }}: {{ reminder.due }}.',
    '',
    'Book online or call us on {{ location.phone }} and we will find a time that suits you.',
    '',
    'See you soon,  ',
    '{{ practice.name }}',
  ].join('\n'),
};
const SYMPATHY_CARD = {
  name: 'Sympathy card',
  subject: 'Thinking of you and {{ patient.name }}',
  body: [
    'Dear {{ client.firstName }},',
    '',
    'Everyone at {{ location.name }} was so sorry to hear about {{ patient.name }}. We were lucky to know them, and we are here if you need anything at all.',
    '',
    'With our deepest sympathy,  ',
    '{{ practice.name }}',
  ].join('\n'),
};
const AFTERCARE_CHECK_IN = {
  name: 'Aftercare check-in',
  subject: 'How are you doing?',
  body: [
    'Dear {{ client.firstName }},',
    '',
    'We hope {{ patient.name }}’s ashes reached you safely and have found a peaceful place. Grief takes its own time; if talking would help, call us on {{ location.phone }}.',
    '',
    'Warmly,  ',
    '{{ practice.name }}',
  ].join('\n'),
};

/** An email template of the location by name, written (checked like a save) when missing. */
async function emailTemplate(db: Db, scope: Scope, locationId: string, t: { name: string; subject: string; body: string }): Promise<string> {
  const existing = (await emailTemplatesRepository.list(db, scope, {})).find((r) => r.locationId === locationId && r.name === t.name);
  if (existing) return existing.id;
  for (const source of [t.subject, t.body]) {
    const problems = checkTemplate(source, 'email');
    if (problems.length > 0) throw new Error(`demo email template ${t.name}: ${problems.map((p) => p.message).join('; ')}`);
  }
  return (await emailTemplatesRepository.insert(db, scope, { locationId, ...t })).id;
}

/** What a firing outside the app (the demo seed, the benchmark) needs to render and check items: the container's pieces on `db` (it queues; nothing is sent). */
export function queueOnlyDelivery(db: Db): AutomationDelivery {
  const audit = new AuditService(db, actorName);
  const events = new DomainEventBus(db);
  const invoices = new InvoicesService(db, audit, events, invoicePayments, invoiceInventory);
  const facts: InvoiceFacts = async (ex, scope, invoiceId) => {
    try {
      const invoice: Invoice = await invoices.get(scope, invoiceId, ex);
      return { status: invoice.status, balance: invoice.balance, fields: invoiceMergeFields(invoice) };
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return undefined;
      throw err;
    }
  };
  const nothingSent = new Proxy({}, { get: () => () => Promise.reject(new Error('the demo seed sends nothing')) }) as CommunicationsService;
  return new AutomationDelivery({ mergeContext: new MergeContextService(db), communications: nothingSent, tasks: new TasksService(db, audit, events), invoices: facts, events });
}

export async function seedDemoAutomations(
  db: Db,
  scope: Scope,
  opts: { locationId: string; timezone: string; frontDeskRoleId: string; createdById: string },
): Promise<AutomationRow[]> {
  const { locationId } = opts;
  const visitReminder = (await smsTemplatesRepository.list(db, scope, {})).find((t) => t.locationId === locationId && t.type === 'appointment_reminder');
  const common = { locationId, active: true, serviceIds: [], household: false, forDeceased: false, requiresApproval: false, createdById: opts.createdById };
  const rows = [
    {
      ...common,
      kind: 'email',
      name: 'Vaccination reminder (household)',
      trigger: 'vaccinationDue',
      offset: 14,
      offsetUnit: 'days',
      sendTime: '09:00',
      household: true,
      emailTemplateId: await emailTemplate(db, scope, locationId, VACCINATION_REMINDER),
    },
    {
      ...common,
      kind: 'sms',
      name: 'Visit reminder the day before',
      trigger: 'appointmentUpcoming',
      offset: 1,
      offsetUnit: 'days',
      sendTime: '09:00',
      requiresApproval: true,
      smsTemplateId: visitReminder?.id ?? null,
    },
    {
      ...common,
      kind: 'email',
      name: 'Aftercare follow-up after the ashes are delivered',
      trigger: 'appointmentStatusChanged',
      status: 'Ashes Delivered',
      offset: 7,
      offsetUnit: 'days',
      sendTime: '10:00',
      forDeceased: true,
      emailTemplateId: await emailTemplate(db, scope, locationId, AFTERCARE_CHECK_IN),
    },
    {
      ...common,
      kind: 'email',
      name: 'Sympathy card',
      trigger: 'patientDied',
      offset: 3,
      offsetUnit: 'days',
      sendTime: '10:00',
      forDeceased: true,
      emailTemplateId: await emailTemplate(db, scope, locationId, SYMPATHY_CARD),
    },
    {
      ...common,
      kind: 'task',
      name: 'Unpaid invoice: call the client',
      trigger: 'invoiceUnpaid',
      offset: 14,
      offsetUnit: 'days',
      sendTime: '08:00',
      taskTitle: 'Call about the unpaid invoice',
      taskNotes: 'The invoice is still owed 14 days after it was finalised: offer a payment link or a plan.',
      taskPriority: 'normal',
      taskDueInDays: 2,
      assignedRoleId: opts.frontDeskRoleId,
    },
  ];
  const made: AutomationRow[] = [];
  for (const r of rows) made.push(await automationsRepository.insert(db, scope, r));

  // The clock over the demo's records: today's 09:00 run (vaccinations due in the next 14 days),
  // the next visits' reminders, and the unpaid-invoice run on the day 14 days after the demo's invoices.
  const clock = new AutomationClock(db, queueOnlyDelivery(db));
  const today = localDate(new Date(), opts.timezone);
  const byTrigger = (trigger: string) => made.filter((a) => a.trigger === trigger);
  await clock.runFor(db, scope, byTrigger('vaccinationDue'), instantOn(today, '09:00', opts.timezone));
  // The demo's visits are on weekdays: the first day whose morning run finds visits the next day (Friday's finds none on Saturday).
  for (let k = 0; k < 4; k++) {
    if ((await clock.runFor(db, scope, byTrigger('appointmentUpcoming'), instantOn(addDays(today, k), '09:00', opts.timezone))) > 0) break;
  }
  await clock.runFor(db, scope, byTrigger('invoiceUnpaid'), instantOn(addDays(today, 14), '08:00', opts.timezone));
  return made;
}
