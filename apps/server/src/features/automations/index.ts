// What other features use of automations: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { automationItemsRepository, WAITING_STATUSES } from './automation-items.repository.js';
export type { ItemRow, NewItemRow } from './automation-items.repository.js';
export { automationsRepository } from './automations.repository.js';
export type { AutomationRow } from './automations.repository.js';
export { AutomationDelivery, listNames, RenderFailure } from './automation-delivery.service.js';
export type { Actor, CheckedItem, DeliveryResult, Inspection, InvoiceFacts, ItemContent, ItemTarget, SuppressionReason } from './automation-delivery.service.js';
export { automationClaims, automationQueueItems, automations, QUEUE_ITEM_OCCURRENCE_KEY } from './automations.table.js';
