import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { IntegrationService } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, idIn, scopedTable, tenantRepository, type NewRow, type Scope } from '../../platform/tenant-repository.js';
import { integrations, stripeEvents, type IntegrationSettings } from './integrations.table.js';

const base = tenantRepository(integrations);
const events = scopedTable(stripeEvents);
const everywhere = acrossAccounts(integrations);
export type IntegrationRow = typeof integrations.$inferSelect;
type IntegrationValues = NewRow<typeof integrations>;

export const integrationsRepository = {
  ...base,

  /** A row whose id is chosen beforehand: its sealed secrets are bound to that id. */
  async insertWithId(ex: Executor, scope: Scope, id: string, values: IntegrationValues): Promise<IntegrationRow> {
    return base.insert(ex, scope, { ...values, id } as IntegrationValues);
  },

  async listForLocation(ex: Executor, scope: Scope, locationId: string): Promise<IntegrationRow[]> {
    return base.list(ex, scope, { where: eq(integrations.locationId, locationId), orderBy: [asc(integrations.service)] });
  },

  async findFor(ex: Executor, scope: Scope, locationId: string, service: IntegrationService, opts: { lock?: 'update' } = {}): Promise<IntegrationRow | undefined> {
    const [row] = await base.list(ex, scope, {
      where: and(eq(integrations.locationId, locationId), eq(integrations.service, service)),
      limit: 1,
      ...(opts.lock && { lock: opts.lock }),
    });
    return row;
  },

  /** Which services each location has set up: one statement for any number of locations. */
  async servicesOf(ex: Executor, scope: Scope, locationIds: readonly string[]): Promise<Map<string, IntegrationService[]>> {
    const result = new Map<string, IntegrationService[]>(locationIds.map((id) => [id, []]));
    if (locationIds.length === 0) return result;
    const rows = await base
      .select(ex, scope, { locationId: integrations.locationId, service: integrations.service }, idIn(integrations.locationId, [...new Set(locationIds)]))
      .orderBy(asc(integrations.service));
    for (const r of rows) result.get(r.locationId)?.push(r.service as IntegrationService);
    return result;
  },

  /** Each location's integrations, with whether each works (its last check succeeded): one statement. */
  async checkedServicesOf(ex: Executor, scope: Scope, locationIds: readonly string[]): Promise<Map<string, { service: IntegrationService; working: boolean }[]>> {
    const result = new Map<string, { service: IntegrationService; working: boolean }[]>(locationIds.map((id) => [id, []]));
    if (locationIds.length === 0) return result;
    const rows = await base
      .select(
        ex,
        scope,
        { locationId: integrations.locationId, service: integrations.service, lastCheckOk: integrations.lastCheckOk },
        idIn(integrations.locationId, [...new Set(locationIds)]),
      )
      .orderBy(asc(integrations.service));
    for (const r of rows) result.get(r.locationId)?.push({ service: r.service as IntegrationService, working: r.lastCheckOk === true });
    return result;
  },

  async recordCheck(ex: Executor, scope: Scope, id: string, check: { ok: boolean; message: string | null; at: Date }): Promise<boolean> {
    const changed = await base.updateWhere(ex, scope, eq(integrations.id, id), {
      lastCheckOk: check.ok,
      lastCheckMessage: check.message,
      lastCheckAt: check.at,
    });
    return changed > 0;
  },

  /**
   * Replaces the sealed secrets only if they are still `expected` (what the caller opened): one
   * statement, so a concurrent change is never overwritten (the caller reads again and retries).
   * Answers whether it was written.
   */
  async swapSecrets(ex: Executor, scope: Scope, id: string, expected: string | null, next: { sealedSecrets: string | null; secretNames: string[] }): Promise<boolean> {
    const same = expected === null ? isNull(integrations.sealedSecrets) : eq(integrations.sealedSecrets, expected);
    return (await base.updateWhere(ex, scope, and(eq(integrations.id, id), same), next)) > 0;
  },

  /**
   * An account's own client of a service that serves its sign-in (the Google sign-in client,
   * docs/decisions/0144): its earliest created integration of the service, so the choice does not
   * change when another of its locations adds one.
   */
  async earliestOfAccount(ex: Executor, scope: Scope, service: IntegrationService): Promise<IntegrationRow | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(integrations.service, service), orderBy: [asc(integrations.createdAt), asc(integrations.id)], limit: 1 });
    return row;
  },

  /**
   * Security-critical, and across every account on purpose: each active account's earliest
   * integration of a service (at most one row an account), for whether the sign-in page offers it
   * at all (docs/decisions/0144). Nothing here is handed to anyone: the caller only asks whether
   * one of them is usable.
   */
  async earliestOfEachActiveAccount(ex: Executor, service: IntegrationService): Promise<IntegrationRow[]> {
    const rows = await everywhere
      .select(ex, getTableColumns(integrations), and(eq(integrations.service, service), everywhere.ofActiveAccount()))
      .orderBy(asc(integrations.createdAt), asc(integrations.id));
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.accountId) && seen.add(row.accountId));
  },

  /** Merges provider-issued settings (a linked company's id) into the stored ones in one statement. */
  async mergeSettings(ex: Executor, scope: Scope, id: string, patch: IntegrationSettings): Promise<boolean> {
    return (await base.updateWhere(ex, scope, eq(integrations.id, id), { settings: sql`${integrations.settings} || ${JSON.stringify(patch)}::jsonb` })) > 0;
  },
};

export type StripeEventRow = typeof stripeEvents.$inferSelect;

export const stripeEventsRepository = {
  ...events,

  /** Records an event unless it was recorded before (Stripe redelivers): answers whether it is new. */
  async record(ex: Executor, scope: Scope, event: Omit<NewRow<typeof stripeEvents>, 'receivedAt' | 'processedAt'>): Promise<boolean> {
    const rows = await events.insertMany(ex, scope, [event], { ignoreConflicts: true });
    return rows.length > 0;
  },

  /** The events of a location not yet acted on, oldest first. */
  async unprocessed(ex: Executor, scope: Scope, locationId: string, limit = 100): Promise<StripeEventRow[]> {
    return events.list(ex, scope, {
      where: and(eq(stripeEvents.locationId, locationId), isNull(stripeEvents.processedAt)),
      orderBy: [asc(stripeEvents.receivedAt)],
      limit,
    });
  },

  /** An event by Stripe's id, held FOR UPDATE while it is acted on. */
  async lockByEventId(ex: Executor, scope: Scope, eventId: string): Promise<StripeEventRow | undefined> {
    const [row] = await events.list(ex, scope, { where: eq(stripeEvents.eventId, eventId), limit: 1, lock: 'update' });
    return row;
  },

  async markProcessed(ex: Executor, scope: Scope, id: string, at: Date = new Date()): Promise<void> {
    await events.updateWhere(ex, scope, eq(stripeEvents.id, id), { processedAt: at });
  },
};
