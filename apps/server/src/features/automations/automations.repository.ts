import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AutomationKind, AutomationTrigger } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, idIn, tenantRepository, type ListOptions, type RowWith, type Scope } from '../../platform/tenant-repository.js';
import { locations, locationsRepository } from '../locations/index.js';
import { roles, rolesRepository } from '../roles/index.js';
import { emailTemplatesRepository, smsTemplatesRepository, emailTemplates, smsTemplates } from '../templates/index.js';
import { usersRepository } from '../users/index.js';
import { automationQueueItems, automations } from './automations.table.js';
import { automationItemsRepository } from './automation-items.repository.js';

const base = tenantRepository(automations);
const everyAccount = acrossAccounts(automations);
export type AutomationRow = typeof automations.$inferSelect;

/** What an automation answer shows beside its row, in the row's own statement. */
export const automationExtras = (scope: Scope) => ({
  locationName: locationsRepository.valueFor<string | null>(scope, automations, locations.name, eq(locations.id, automations.locationId)),
  emailTemplateName: emailTemplatesRepository.valueFor<string | null>(scope, automations, emailTemplates.name, eq(emailTemplates.id, automations.emailTemplateId)),
  smsTemplateName: smsTemplatesRepository.valueFor<string | null>(scope, automations, smsTemplates.name, eq(smsTemplates.id, automations.smsTemplateId)),
  assignedToName: usersRepository.fullNameFor(scope, automations, automations.assignedToId),
  assignedRoleName: rolesRepository.valueFor<string | null>(scope, automations, roles.name, eq(roles.id, automations.assignedRoleId)),
  pendingCount: automationItemsRepository
    .valueFor<number>(scope, automations,
      sql`count(*)`,
      and(eq(automationQueueItems.automationId, automations.id), sql`${automationQueueItems.status} in ('scheduled', 'pending')`),
    )
    .mapWith(Number),
});
export type AutomationExtras = ReturnType<typeof automationExtras>;
export type AutomationRowWithNames = RowWith<typeof automations, AutomationExtras>;

/** Live: not deleted (a deleted automation is kept for the items it sent, never listed or fired). */
const live = isNull(automations.deletedAt);

export const automationsRepository = {
  ...base,

  listOptions(q: { kind: AutomationKind; locationId?: string | undefined; trigger?: AutomationTrigger | undefined }): ListOptions {
    return {
      where: and(
        eq(automations.kind, q.kind),
        live,
        // a location's own and every location's
        q.locationId ? or(eq(automations.locationId, q.locationId), isNull(automations.locationId)) : undefined,
        q.trigger ? eq(automations.trigger, q.trigger) : undefined,
      ),
      orderBy: [asc(sql`lower(${automations.name})`), asc(automations.id)],
    };
  },

  /** A live automation of a kind (another kind's id, or a deleted one, is not found). */
  async findLive(ex: Executor, scope: Scope, kind: AutomationKind, id: string, opts: { lock?: 'update' } = {}): Promise<AutomationRow | undefined> {
    const [row] = await base.list(ex, scope, { where: and(eq(automations.id, id), eq(automations.kind, kind), live), limit: 1, ...opts });
    return row;
  },

  async withNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<AutomationRowWithNames[]> {
    if (ids.length === 0) return [];
    const rows = await base.list(ex, scope, { where: idIn(automations.id, ids), extras: automationExtras(scope) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The active automations a firing at a location looks for: its trigger, that location's or every location's. */
  async activeFor(ex: Executor, scope: Scope, trigger: AutomationTrigger, locationId: string): Promise<AutomationRow[]> {
    return base.list(ex, scope, {
      where: and(live, eq(automations.active, true), eq(automations.trigger, trigger), or(isNull(automations.locationId), eq(automations.locationId, locationId))),
      orderBy: [automations.id],
    });
  },

  /**
   * The clock's look-up, across accounts: every active automation with one of `triggers` (each row
   * carries its account; everything done next with it goes through the scoped builders).
   */
  async activeAcrossAccounts(ex: Executor, triggers: readonly AutomationTrigger[]): Promise<AutomationRow[]> {
    if (triggers.length === 0) return [];
    return everyAccount
      .select(ex, getTableColumns(automations), and(live, eq(automations.active, true), inArray(automations.trigger, [...triggers]), everyAccount.ofActiveAccount()))
      .orderBy(automations.accountId, automations.id);
  },
};
