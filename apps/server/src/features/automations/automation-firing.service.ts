import { SUPPRESSION_REASONS, type QueueItemStatus } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { automationItemsRepository, type ItemRow, type NewItemRow } from './automation-items.repository.js';
import { RenderFailure, type AutomationDelivery, type CheckedItem, type ItemTarget } from './automation-delivery.service.js';
import type { AutomationRow } from './automations.repository.js';

/**
 * One firing of an automation: what it is about, when it goes, and the key that makes it one of a
 * kind (docs/decisions/0212): 'appointment:<id>:<status>', 'patient:<id>:died', 'client:<id>:<day>'…
 */
export interface Firing {
  automation: AutomationRow;
  occurrenceKey: string;
  dueAt: Date;
  target: ItemTarget;
  /** vaccination reminders: each vaccination's due date when queued (a changed one is no longer due) */
  vaccinationDueOns?: readonly string[];
  /** reminders about an appointment: the start it was queued for (a moved one is suppressed) */
  appointmentStartAt?: Date | null;
}

/**
 * Makes the items of these firings, in the caller's transaction (the change that fired them, or the
 * clock's run): each occurrence key is claimed first, so a firing seen again (a retry, a second app
 * process, the next minute's window) costs one conflicting insert and nothing is rendered twice;
 * the unique (automation, occurrence) key of the items holds it besides. Each new item is checked
 * at once (suppressed with its reason when one holds: shown in the queue, never sent) and rendered
 * through the delivery's render; it waits for staff (`pending`) when its automation asks for
 * approval, else it is `scheduled` to go by itself at its time. The items made are announced once,
 * together (the queues' live topic). Answers the items made.
 */
export async function fire(ex: Executor, scope: Scope, delivery: AutomationDelivery, firings: readonly Firing[]): Promise<ItemRow[]> {
  const made: ItemRow[] = [];
  const byAutomation = new Map<string, Firing[]>();
  for (const f of firings) byAutomation.set(f.automation.id, [...(byAutomation.get(f.automation.id) ?? []), f]);
  for (const [automationId, all] of byAutomation) {
    // In batches: a statement's parameters are bounded (65,535), a day's reminders at a large practice are not.
    for (let i = 0; i < all.length; i += BATCH) {
      const list = all.slice(i, i + BATCH);
      const taken = new Set(await automationItemsRepository.claim(ex, scope, automationId, list.map((f) => f.occurrenceKey)));
      const rows: NewItemRow[] = [];
      for (const f of list) {
        if (!taken.delete(f.occurrenceKey)) continue;
        rows.push(await itemOf(ex, scope, delivery, f));
      }
      made.push(...(await automationItemsRepository.insertItems(ex, scope, rows)));
    }
  }
  await delivery.announce(ex, scope, made.map((i) => i.id));
  return made;
}

const BATCH = 500;

async function itemOf(ex: Executor, scope: Scope, delivery: AutomationDelivery, f: Firing): Promise<NewItemRow> {
  const { automation, target } = f;
  // What the check reads, as the row will hold it (no staff edit yet).
  const checked: CheckedItem = {
    kind: automation.kind,
    trigger: automation.trigger,
    locationId: target.locationId,
    clientId: target.clientId,
    patientIds: [...target.patientIds],
    appointmentId: target.appointmentId,
    invoiceId: target.invoiceId,
    vaccinationIds: [...target.vaccinationIds],
    vaccinationDueOns: [...(f.vaccinationDueOns ?? [])],
    appointmentStartAt: f.appointmentStartAt ?? null,
    editedAt: null,
  };
  const found = await delivery.inspect(ex, scope, checked, automation);
  // A household some of whose pets or vaccinations already dropped out names only the others.
  const about = { ...checked, ...found.narrowed };
  const row: NewItemRow = {
    ...about,
    automationId: automation.id,
    occurrenceKey: f.occurrenceKey,
    status: (automation.requiresApproval ? 'pending' : 'scheduled') satisfies QueueItemStatus,
    reason: null,
    dueAt: f.dueAt,
  };
  try {
    Object.assign(row, await delivery.render(ex, scope, automation, { ...target, patientIds: about.patientIds, vaccinationIds: about.vaccinationIds }));
  } catch (err) {
    if (!(err instanceof RenderFailure)) throw err;
    // Kept, with why: staff see in the queue that its template is missing or cannot be filled.
    return { ...row, status: 'failed', reason: err.message };
  }
  return found.reason ? { ...row, status: 'suppressed', reason: SUPPRESSION_REASONS[found.reason] } : row;
}
