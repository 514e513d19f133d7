import {
  AUTOMATION_MESSAGES,
  AUTOMATION_OFFSET_MAX,
  DAY_TRIGGERS,
  HOUSEHOLD_TRIGGERS,
  SUPPRESSION_REASONS,
  type AutomationKind,
  type AutomationListQuery,
  type AutomationOffsetUnit,
  type AutomationTrigger,
  type AppointmentStatus,
  type EmailAutomation,
  type EmailAutomationInput,
  type SmsAutomation,
  type SmsAutomationInput,
  type TaskAutomation,
  type TaskAutomationInput,
  type TaskPriority,
} from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Lock, NewRow, Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import { rolesRepository } from '../roles/index.js';
import { servicesRepository } from '../services/index.js';
import { emailTemplatesRepository, smsTemplatesRepository } from '../templates/index.js';
import { usersRepository } from '../users/index.js';
import type { AutomationDelivery } from './automation-delivery.service.js';
import { automationItemsRepository } from './automation-items.repository.js';
import { automationExtras, automationsRepository, type AutomationExtras, type AutomationRow, type AutomationRowWithNames } from './automations.repository.js';
import type { automations } from './automations.table.js';

type Common = Omit<z.output<typeof EmailAutomationInput>, 'emailTemplateId'>;
/** Every kind's fields: the common ones, and each kind's action. */
type AnyInput = Common &
  Partial<Pick<z.output<typeof EmailAutomationInput>, 'emailTemplateId'>> &
  Partial<Pick<z.output<typeof SmsAutomationInput>, 'smsTemplateId'>> &
  Partial<Omit<z.output<typeof TaskAutomationInput>, keyof Common>>;
type Query = z.output<typeof AutomationListQuery>;
type AnyAutomation = EmailAutomation | SmsAutomation | TaskAutomation;

const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** The rule's own fields, as both the answer and the input that would make it carry them. */
function ruleOf(r: AutomationRow) {
  return {
    name: r.name,
    locationId: r.locationId,
    active: r.active,
    requiresApproval: r.requiresApproval,
    trigger: r.trigger as AutomationTrigger,
    status: r.status as AppointmentStatus | null,
    offset: r.offset,
    offsetUnit: r.offsetUnit as AutomationOffsetUnit,
    sendTime: r.sendTime,
    serviceIds: r.serviceIds,
    household: r.household,
    forDeceased: r.forDeceased,
  };
}

function toAutomation(kind: AutomationKind, r: AutomationRowWithNames): AnyAutomation {
  const common = {
    id: r.id,
    ...ruleOf(r),
    location: named(r.locationId, r.locationName),
    forDeceased: r.forDeceased || r.trigger === 'patientDied',
    pendingCount: r.pendingCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (kind === 'email') return { ...common, emailTemplateId: r.emailTemplateId ?? '', emailTemplate: named(r.emailTemplateId, r.emailTemplateName) };
  if (kind === 'sms') return { ...common, smsTemplateId: r.smsTemplateId ?? '', smsTemplate: named(r.smsTemplateId, r.smsTemplateName) };
  return {
    ...common,
    taskTitle: r.taskTitle ?? '',
    taskNotes: r.taskNotes,
    taskPriority: (r.taskPriority ?? 'normal') as TaskPriority,
    taskDueInDays: r.taskDueInDays ?? 0,
    assignedToId: r.assignedToId,
    assignedTo: named(r.assignedToId, r.assignedToName),
    assignedRoleId: r.assignedRoleId,
    assignedRole: named(r.assignedRoleId, r.assignedRoleName),
  };
}

/** A row as the input that would make it: a patch is merged onto it and the whole checked again. */
function inputOf(r: AutomationRow): AnyInput {
  return {
    ...ruleOf(r),
    ...(r.emailTemplateId && { emailTemplateId: r.emailTemplateId }),
    ...(r.smsTemplateId && { smsTemplateId: r.smsTemplateId }),
    ...(r.taskTitle !== null && { taskTitle: r.taskTitle }),
    taskNotes: r.taskNotes,
    ...(r.taskPriority && { taskPriority: r.taskPriority as TaskPriority }),
    ...(r.taskDueInDays !== null && { taskDueInDays: r.taskDueInDays }),
    assignedToId: r.assignedToId,
    assignedRoleId: r.assignedRoleId,
  };
}

/**
 * The rules between an automation's fields (400 naming the field), and its references looked up in
 * the account: a template, person, role or service of another account is refused like an unknown one.
 * `before`: what is unchanged is not looked up again (a person who left stays on an old automation).
 */
async function columnsOf(ex: Executor, scope: Scope, kind: AutomationKind, i: AnyInput, before?: AutomationRow): Promise<NewRow<typeof automations>> {
  if (i.trigger === 'appointmentStatusChanged' && !i.status) throw badRequest(`status: ${AUTOMATION_MESSAGES.statusRequired}`);
  const dayBased = DAY_TRIGGERS.includes(i.trigger);
  if (dayBased && i.offsetUnit !== 'days') throw badRequest(`offsetUnit: ${AUTOMATION_MESSAGES.daysOnly}`);
  if (dayBased && !i.sendTime) throw badRequest(`sendTime: ${AUTOMATION_MESSAGES.sendTimeRequired}`);
  if (i.household && !HOUSEHOLD_TRIGGERS.includes(i.trigger)) throw badRequest(`household: ${AUTOMATION_MESSAGES.householdNotForTrigger}`);
  const max = AUTOMATION_OFFSET_MAX[i.offsetUnit];
  if (i.offset > max) throw badRequest(`offset: must be at most ${max} ${i.offsetUnit}`);

  const changed = <K extends keyof AutomationRow>(key: K, value: unknown) => value && value !== before?.[key];
  const [emailTemplate, smsTemplate, user, role, servicesKnown] = await together(ex, [
    () => (kind === 'email' && changed('emailTemplateId', i.emailTemplateId) ? emailTemplatesRepository.findById(ex, scope, i.emailTemplateId!) : Promise.resolve(null)),
    () => (kind === 'sms' && changed('smsTemplateId', i.smsTemplateId) ? smsTemplatesRepository.findById(ex, scope, i.smsTemplateId!) : Promise.resolve(null)),
    () => (kind === 'task' && changed('assignedToId', i.assignedToId) ? usersRepository.findById(ex, scope, i.assignedToId!) : Promise.resolve(null)),
    () => (kind === 'task' && changed('assignedRoleId', i.assignedRoleId) ? rolesRepository.findById(ex, scope, i.assignedRoleId!) : Promise.resolve(null)),
    () => servicesRepository.allExist(ex, scope, i.serviceIds.filter((id) => !before?.serviceIds.includes(id))),
  ] as const);
  if (!servicesKnown) throw badRequest('serviceIds: must be services of this practice');

  const common = {
    name: i.name,
    locationId: i.locationId,
    active: i.active,
    requiresApproval: i.requiresApproval,
    trigger: i.trigger,
    status: i.trigger === 'appointmentStatusChanged' ? i.status : null,
    offset: i.offset,
    offsetUnit: i.offsetUnit,
    sendTime: i.sendTime,
    serviceIds: [...new Set(i.serviceIds)],
    household: i.household,
    // as chosen: a death's own automation is meant for after it whatever this says (answered so,
    // and checked so), and a change of its trigger leaves what was chosen
    forDeceased: i.forDeceased,
  };
  if (kind === 'email') {
    if (!i.emailTemplateId) throw badRequest(`emailTemplateId: ${AUTOMATION_MESSAGES.templateRequired}`);
    if (emailTemplate === undefined) throw badRequest(`emailTemplateId: ${AUTOMATION_MESSAGES.unknownTemplate}`);
    return { ...common, kind, emailTemplateId: i.emailTemplateId };
  }
  if (kind === 'sms') {
    if (!i.smsTemplateId) throw badRequest(`smsTemplateId: ${AUTOMATION_MESSAGES.templateRequired}`);
    if (smsTemplate === undefined) throw badRequest(`smsTemplateId: ${AUTOMATION_MESSAGES.unknownTemplate}`);
    return { ...common, kind, smsTemplateId: i.smsTemplateId };
  }
  if (!i.taskTitle) throw badRequest(`taskTitle: ${AUTOMATION_MESSAGES.templateRequired}`);
  if (i.assignedToId && i.assignedRoleId) throw badRequest(`assignedRoleId: ${AUTOMATION_MESSAGES.personOrRole}`);
  if (user === undefined || user?.isActive === false) throw badRequest(`assignedToId: ${AUTOMATION_MESSAGES.unknownUser}`);
  if (role === undefined) throw badRequest(`assignedRoleId: ${AUTOMATION_MESSAGES.unknownRole}`);
  return {
    ...common,
    kind,
    taskTitle: i.taskTitle,
    taskNotes: i.taskNotes ?? null,
    taskPriority: i.taskPriority ?? 'normal',
    taskDueInDays: i.taskDueInDays ?? 0,
    assignedToId: i.assignedToId ?? null,
    assignedRoleId: i.assignedRoleId ?? null,
  };
}

/** The table's repository seen as one kind's: another kind's id, or a deleted automation, is not found (404). */
function ofKind(kind: AutomationKind) {
  return {
    ...automationsRepository,
    findById: (ex: Executor, scope: Scope, id: string, opts: { lock?: Lock } = {}) =>
      automationsRepository.findLive(ex, scope, kind, id, opts.lock === 'update' ? { lock: 'update' } : {}),
  };
}

type PatchIn = Partial<AnyInput>;

/**
 * One kind of automation (email, SMS, task) on the CRUD kit: a paged list by name (a location's own
 * and every location's), the rules between the fields checked on the whole after a patch, and a
 * soft delete: its waiting items are suppressed (automationDeleted), what it sent keeps naming it
 * (decision 0209). Written by those who manage locations (the contract's access).
 */
export class AutomationsService<E extends AnyAutomation> extends TenantCrudService<typeof automations, E, AnyInput, PatchIn, Query, E, never, AutomationExtras> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly kind: AutomationKind,
    private readonly delivery: AutomationDelivery,
  ) {
    super(db, audit, {
      entityType: `${kind}Automation`,
      repository: ofKind(kind),
      paged: true,
      listExtras: automationExtras,
      toEntities: async (ex, scope, rows) => (await automationsRepository.withNames(ex, scope, rows.map((r) => r.id))).map((r) => toAutomation(kind, r) as E),
      toListItems: async (_ex, _scope, rows) => rows.map((r) => toAutomation(kind, r) as E),
      listOptions: (q) => automationsRepository.listOptions({ kind, locationId: q.locationId, trigger: q.trigger }),
      location: locationOwnership,
      prepareCreate: async (ex, caller: Caller, input) => ({ ...(await columnsOf(ex, caller, kind, input)), createdById: caller.userId }),
      preparePatch: async (ex, scope, input, existing) => {
        const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        return columnsOf(ex, scope, kind, { ...inputOf(existing), ...defined } as AnyInput, existing);
      },
    });
  }

  override list(auth: AuthContext, query: Query) {
    return super.list(auth, query) as Promise<{ items: E[]; total: number }>;
  }

  /**
   * Deleting only sets deletedAt (its sent items keep naming it); its waiting items are suppressed
   * in the same transaction, so none goes after the answer.
   */
  override async remove(auth: AuthContext, id: string): Promise<void> {
    await this.write(async (tx) => {
      const existing = await automationsRepository.findLive(tx, auth, this.kind, id, { lock: 'update' });
      if (!existing) throw notFound();
      const after = await automationsRepository.update(tx, auth, id, { deletedAt: new Date() });
      const suppressed = await automationItemsRepository.suppressWaitingOf(tx, auth, id, SUPPRESSION_REASONS.automationDeleted);
      await this.delivery.announce(tx, auth, suppressed);
      await this.audit.record(tx, auth, [{ entityType: `${this.kind}Automation`, entityId: id, action: 'delete', before: existing, after }]);
    });
  }
}

/** The three kinds' services, as the container builds them. */
export function automationServices(db: Db, audit: AuditService, delivery: AutomationDelivery) {
  return {
    emailAutomations: new AutomationsService<EmailAutomation>(db, audit, 'email', delivery),
    smsAutomations: new AutomationsService<SmsAutomation>(db, audit, 'sms', delivery),
    taskAutomations: new AutomationsService<TaskAutomation>(db, audit, 'task', delivery),
  };
}
