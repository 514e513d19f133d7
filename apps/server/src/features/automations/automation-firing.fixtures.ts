// The scenario tests' set-up for what fires automations: an account, its templates and automations
// written straight to their tables (the automations' routes are under test elsewhere), households
// made through the API, and the queue read and sent as the sender does.
import { afterAll, beforeAll, expect } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { canMessage } from './automations.fixtures.js';
import { vaccinationsRepository } from '../care/index.js';
import { emailTemplatesRepository, smsTemplatesRepository } from '../templates/index.js';
import { automationItemsRepository, type ItemRow } from './automation-items.repository.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';
import type { DeliveryResult } from './automation-delivery.service.js';

/** A new location of the home account that can send email and texts. */
export async function messagingLocation(opts: { timezone?: string } = {}): Promise<string> {
  const locationId = await addLocation(ctx, home, opts);
  await canMessage(ctx, home, locationId);
  return locationId;
}

export let ctx: TestContext;
export let home: TestAccount;

export function setUpAutomations() {
  beforeAll(async () => {
    ctx = await createTestApp();
    home = await createAccount(ctx);
    await canMessage(ctx, home);
  });
  afterAll(() => ctx?.close());
}

const scope = () => ({ accountId: home.accountId });
const db = () => ctx.database.db;

export const HOUSEHOLD_EMAIL = { subject: 'Vaccinations due for {{ reminder.pets }}', body: 'Dear {{ client.firstName }},\n\n{{ reminder.pets }}: {{ reminder.due }}.' };

export async function emailTemplate(t: { subject: string; body: string } = HOUSEHOLD_EMAIL, locationId = home.locationId) {
  return emailTemplatesRepository.insert(db(), scope(), { locationId, name: `Email ${Math.random()}`, ...t });
}

export async function smsTemplate(body = 'Hi {{ client.firstName }}, about {{ patient.name }}. {{ location.name }}', locationId = home.locationId) {
  return smsTemplatesRepository.insert(db(), scope(), { locationId, name: `Text ${Math.random()}`, type: 'general', body });
}

/** An automation as its create would write it (defaults: every location, active, by itself, 0 days). */
export async function automation(values: Partial<AutomationRow> & Pick<AutomationRow, 'kind' | 'trigger'>): Promise<AutomationRow> {
  return automationsRepository.insert(db(), scope(), {
    name: `${values.trigger} ${Math.random()}`,
    locationId: null,
    active: true,
    requiresApproval: false,
    offset: 0,
    offsetUnit: 'days',
    serviceIds: [],
    household: false,
    forDeceased: values.trigger === 'patientDied',
    ...values,
  });
}

/** A client with pets (made through the API), with an email and a phone unless told otherwise. */
export async function household(names: string[], opts: { locationId?: string; email?: string | null; phone?: string | null; firstName?: string } = {}) {
  const locationId = opts.locationId ?? home.locationId;
  const client = await newClient(home.admin, locationId, {
    firstName: opts.firstName ?? 'Cora',
    lastName: 'Smith',
    email: opts.email === undefined ? `cora.${Math.random().toString(36).slice(2)}@example.com` : opts.email,
    phone: opts.phone === undefined ? `+1 212 555 ${String(1000 + Math.floor(Math.random() * 8999))}` : opts.phone,
  });
  const pets = [];
  for (const name of names) pets.push(await newPatient(home.admin, client.id, home.speciesId, { name }));
  return { client, pets };
}

/** A vaccination given a year before its booster falls due on `nextDueOn`. */
export async function vaccinate(pet: { id: string; clientId: string; locationId: string }, nextDueOn: string, vaccine = 'Rabies') {
  const givenOn = `${Number(nextDueOn.slice(0, 4)) - 1}${nextDueOn.slice(4)}`;
  return vaccinationsRepository.insert(db(), scope(), { locationId: pet.locationId, patientId: pet.id, clientId: pet.clientId, vaccine, givenOn, nextDueOn });
}

/** Every item of an automation, waiting ones first. */
export async function itemsOf(a: AutomationRow): Promise<ItemRow[]> {
  return automationItemsRepository.list(db(), scope(), automationItemsRepository.listOptions({ kind: a.kind as api.AutomationKind, view: 'all', automationId: a.id }));
}

/** Sends an item as the sender job does: locked, checked again, delivered, in one transaction. */
export async function send(item: ItemRow): Promise<DeliveryResult> {
  return db().transaction(async (tx) => {
    const locked = await automationItemsRepository.findOfKind(tx, scope(), item.kind as api.AutomationKind, item.id, { lock: 'update' });
    expect(locked).toBeDefined();
    return ctx.app.container.automationDelivery.deliver(tx, scope(), locked!, null);
  });
}

/** Records the patient's death through the API, as staff do on the patient's page. */
export async function recordDeath(patientId: string, deceasedOn = '2026-11-20') {
  const res = await home.admin.call(api.setPatientDeceased, { params: { id: patientId }, body: { data: { deceasedOn } } });
  expect(res.statusCode, res.body).toBe(200);
}
