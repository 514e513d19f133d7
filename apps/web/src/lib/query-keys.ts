import type { addOnOps, OpQuery, serviceOps } from '@willow/contracts';

/**
 * Query key factories for data more than one feature (or the shell) reads, so that a change
 * made on one page refreshes every view of it. Keys of a group share their first element,
 * which is what invalidation targets.
 */
export const sessionKeys = {
  all: ['session'] as const,
  permissions: () => ['session', 'permissions'] as const,
  clientConfig: () => ['session', 'client-config'] as const,
};

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => ['profile', 'detail'] as const,
  gettingStarted: () => ['profile', 'gettingStarted'] as const,
};

export const locationKeys = {
  all: ['locations'] as const,
  list: (onlyActive: boolean) => ['locations', 'list', { onlyActive }] as const,
  species: () => ['locations', 'species'] as const,
  detail: (id: string) => ['locations', 'detail', id] as const,
};

export const accountKeys = {
  all: ['accounts'] as const,
  current: () => ['accounts', 'current'] as const,
  list: (query: { onlyActive: boolean; includeDetails: boolean }) => ['accounts', 'list', query] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
  staff: (locationId: string | null) => ['users', 'staff', locationId] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: () => ['roles', 'list'] as const,
  system: () => ['roles', 'system'] as const,
  systemCandidates: (search: string) => ['roles', 'system', 'candidates', search] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  usage: () => ['subscriptions', 'usage'] as const,
  tiers: () => ['subscriptions', 'tiers'] as const,
};

/*
 * Clients and their records: the household page shows several features' data at once, so each
 * group is invalidated by name from whichever page changed it.
 */
export const clientKeys = {
  all: ['clients'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

export const patientKeys = {
  all: ['patients'] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
};

/* A client's or patient's deletion refreshes their records; the lists' keys are made in their features (crudHooks). */
export const prescriptionKeys = {
  all: ['prescriptions'] as const,
};

export const vaccinationKeys = {
  all: ['vaccinations'] as const,
};

export const contactKeys = {
  all: ['contacts'] as const,
};

export const documentKeys = {
  all: ['documents'] as const,
  list: (query: { clientId?: string; patientId?: string }) => ['documents', 'list', query] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  history: (entityType: string, entityId: string) => ['audit', entityType, entityId] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, locationId: string | null) => ['search', q, locationId] as const,
};

/*
 * Scheduling: the calendar, the appointments list, the navigation badge and the client page all
 * show appointments, so any change invalidates appointmentKeys.all (and scheduleKeys.all for
 * slots and notes).
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  /** the calendar: appointments overlapping one loaded range */
  range: (query: { locationId: string | null; startDate: string; endDate: string }) => ['appointments', 'range', query] as const,
  list: (query: Record<string, unknown>) => ['appointments', 'list', query] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  pendingCount: (locationId: string | null) => ['appointments', 'pendingCount', locationId] as const,
};

export const scheduleKeys = {
  all: ['schedule'] as const,
  range: (query: { locationId: string | null; startDate: string; endDate: string }) => ['schedule', 'range', query] as const,
  sidebar: (locationId: string | null, onlyActive: boolean) => ['schedule', 'sidebar', locationId, onlyActive] as const,
  availability: (userId: string) => ['schedule', 'availability', userId] as const,
};

/* The services page and the appointment forms share a location's list (the forms: active ones). */
export const serviceKeys = {
  all: ['services'] as const,
  list: (query: OpQuery<typeof serviceOps.list>) => ['services', 'list', query] as const,
};

/* The add-ons page and the appointment forms share a location's items (inactive ones included). */
export const addOnKeys = {
  all: ['addOns'] as const,
  items: (query: OpQuery<typeof addOnOps.list>) => ['addOns', 'items', query] as const,
};

/*
 * A location's templates by kind: the template pages edit them, and the places that use them (the
 * notes' "Insert template", later billing and messages) read the same lists.
 */
export const templateKeys = {
  all: ['templates'] as const,
  kind: (kind: string) => ['templates', kind] as const,
  list: (kind: string, query: object) => ['templates', kind, 'list', query] as const,
  preview: (input: object) => ['templates', 'preview', input] as const,
};

/* A location's price bands: the calculator prices with them and its editor changes them. */
export const priceBandKeys = {
  all: ['priceBands'] as const,
};

/*
 * Billing: an invoice, an estimate or a payment changes balances, the appointment's missed charges
 * and the unbilled report, so everything about invoices lives under one root (invoiceKeys.all) that
 * each of those changes refreshes; estimates have their own root and refresh invoices too.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  balance: (clientId: string) => ['invoices', 'balance', clientId] as const,
  missed: (appointmentId: string) => ['invoices', 'missed', appointmentId] as const,
  unbilled: (locationId: string | null, weekOf: string) => ['invoices', 'unbilled', locationId, weekOf] as const,
};

export const estimateKeys = {
  all: ['estimates'] as const,
};

/* Payments and refunds, and the card payment requests the webhook marks paid. */
export const paymentKeys = { all: ['payments'] as const };
export const cardPaymentKeys = { all: ['cardPaymentRequests'] as const };

export const taxCodeKeys = {
  all: ['taxCodes'] as const,
};

/*
 * SMS chat: the conversation list, a conversation's texts and the navigation's unread count, all
 * under 'chat', which the 'chat' live topic refreshes as a whole (a text received or its delivery
 * state changed anywhere in the account).
 */
export const chatKeys = {
  all: ['chat'] as const,
  list: (locationId: string | null, search: string) => ['chat', 'list', { locationId, search }] as const,
  messages: (ref: { locationId: string; clientId?: string | undefined; phone?: string | undefined }) =>
    ['chat', 'messages', { locationId: ref.locationId, clientId: ref.clientId ?? null, phone: ref.phone ?? null }] as const,
  unreadCount: (locationId: string | null) => ['chat', 'unreadCount', locationId] as const,
};

/**
 * Tasks: the lists (My Tasks, All, Completed, a record's open tasks) and the navigation badge's
 * count all live under one root, which every change and the 'task' live topic refresh.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  myOpenCount: (locationId: string | null) => ['tasks', 'myOpenCount', locationId] as const,
};

/*
 * Automations: the one list of the three kinds (each row's pending count included) under
 * 'automations'; the three queues and the navigation's counts of items awaiting approval under
 * 'automationQueue'. Sending, skipping or editing an item changes both (a pending count), so the
 * queue's changes refresh both roots.
 */
export const automationKeys = {
  all: ['automations'] as const,
  list: (kind: string, query: object) => ['automations', kind, 'list', query] as const,
};
export const automationQueueKeys = {
  all: ['automationQueue'] as const,
  list: (kind: string, query: object) => ['automationQueue', kind, 'list', query] as const,
  count: (locationId: string | null) => ['automationQueue', 'count', locationId] as const,
};

/*
 * Inventory: items, lots, stock, the log and the reorder list under one root. Every change of
 * stock (a receipt, a count, a correction, and an invoice finalised, voided or credited) changes
 * several of them at once (on hand, the log's balance, the reorder list), so a change refreshes them all.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  items: (query: object) => ['inventory', 'items', query] as const,
  lots: (itemId: string, locationId: string, includeEmpty: boolean) => ['inventory', 'lots', itemId, locationId, includeEmpty] as const,
  stock: (query: object) => ['inventory', 'stock', query] as const,
  log: (query: object) => ['inventory', 'log', query] as const,
  reorder: (query: object) => ['inventory', 'reorder', query] as const,
};
