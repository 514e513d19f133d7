// Walks every registered route: each declares an access rule, each permission-guarded route
// refuses a user without the permission before doing any work, and each route that takes an id
// answers 404 to another account's user for this account's ids, in its path and, walked from its
// contract, in its query and body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import type { Operation } from '@willow/contracts';
import type { z } from 'zod';
import { makeAddOnCategory } from '../src/features/add-ons/add-ons.route-fixtures.js';
import { makeAppointment } from '../src/features/appointments/appointments.route-fixtures.js';
import { automationBaseRequests, makeAutomation } from '../src/features/automations/automations.route-fixtures.js';
import { makeClient } from '../src/features/clients/clients.route-fixtures.js';
import { chatBaseRequests, makeChatMessage } from '../src/features/chat/chat.route-fixtures.js';
import { makeContact } from '../src/features/contacts/contacts.route-fixtures.js';
import { FORM_FIELDS, makeFormSubmission, makeFormTemplate } from '../src/features/forms/forms.route-fixtures.js';
import { makeEstimate, makeInvoice, makeTaxCode } from '../src/features/invoices/invoices.route-fixtures.js';
import { makeItem, receive } from '../src/features/inventory/inventory.route-fixtures.js';
import { makePayment, makePaymentType } from '../src/features/payments/payments.route-fixtures.js';
import { makeService } from '../src/features/services/services.route-fixtures.js';
import { makeTemplate, templateBody, templateFields, type TemplateOpsKind } from '../src/features/templates/templates.route-fixtures.js';
import { fastifyPath } from '../src/platform/router.js';
import { collectRouteFixtures, unique } from './route-fixtures.js';
import { publicTables, tableDigests, type Query } from './kept-databases.js';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe.js';
import {
  anonymous,
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  TEST_PASSWORD,
  uploadDocument,
  type Client,
  type TestAccount,
  type TestContext,
} from './harness.js';

const isOperation = (v: unknown): v is Operation => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;
// Operations exported one by one, and those grouped by crudOperations().
const operations = [
  ...new Set(
    (Object.values(api) as unknown[]).flatMap((v) =>
      isOperation(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).filter(isOperation) : [],
    ),
  ),
];

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** registering the card payment webhook talks to Stripe */
let stripe: FakeStripe;
const STRIPE_KEY = 'sk_test_route_table';
beforeAll(async () => {
  stripe = await startFakeStripe([STRIPE_KEY]);
  ctx = await createTestApp({ providers: { stripe: stripe.url, publicUrl: 'https://portal.practice.example' } });
  home = await createAccount(ctx);
  other = await createAccount(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

/**
 * For each path with {id}: an entity of `home` to aim at, from its feature's
 * `<x>.route-fixtures.ts` (test/route-fixtures.ts). A new route with an id must add its fixture
 * in its feature's folder, or this test fails.
 */
const fixtures = await collectRouteFixtures();


/** A billing document's body, every id from the world: a service line and an add-on line. */
const billingBody = (w: World, wrapper: 'invoice' | 'estimate') => ({
  [`${wrapper}Data`]: { locationId: w.location, clientId: w.client, patientId: w.patient, appointmentId: w.appointment, ...(wrapper === 'invoice' && { pdfTemplateId: w.pdfTemplate }) },
  [`${wrapper}Items`]: [
    { kind: 'service', description: 'Visit', quantity: 1, unitPrice: 10_000, serviceId: w.service, taxCodeId: w.taxCode, providerId: w.user },
    { kind: 'addOn', description: 'Paw print', quantity: 1, unitPrice: 2_500, addOnId: w.addOn },
  ],
});

/** The location's QuickBooks integration (already there when asked again: 409), for the connection's operations. */
async function withQuickbooks(w: World, t: TestAccount): Promise<Request> {
  await t.admin.call(api.createIntegration, {
    body: { data: { locationId: w.location, service: 'quickbooks', publicKey: 'qb-client', privateKey: 'qb-secret', settings: { environment: 'sandbox' } } },
  });
  return withData({ locationId: w.location });
}

/** Ids that are not owned by an account: guarded by system.admin instead. */
const globalIdPaths = new Set(['/api/role/system/{id}', '/api/subscriptionTier/{key}']);

const sampleBodies: Partial<Record<string, unknown>> = {
  '/api/location/{id}': { data: { name: 'Renamed' } },
  '/api/integrations/{id}': { data: { service: 'memorialPartner1', publicKey: 'renamed@partner.example' } },
  '/api/user/{id}': { data: { firstName: 'Renamed' } },
  '/api/user/{id}/toggleActivation': { data: { isActive: false } },
  '/api/role/{id}': { data: { permissions: [] } },
  '/api/account/{id}': { data: { name: 'Renamed' } },
  '/api/client/{id}': { data: { firstName: 'Renamed' } },
  '/api/patient/{id}': { data: { name: 'Renamed' } },
  '/api/patient/{id}/deceased': { data: { deceasedOn: null } },
  '/api/prescription/{id}': { data: { drug: 'Renamed' } },
  '/api/paymentType/{id}': { data: { name: 'Renamed' } },
  '/api/payment/{id}': { data: { notes: 'Renamed' } },
  '/api/payment/{id}/refund': { data: { amount: 100, reason: 'Overpaid' } },
  '/api/vaccination/{id}': { data: { vaccine: 'Renamed' } },
  '/api/contact/{id}': { data: { name: 'Renamed' } },
  '/api/document/{id}': { data: { description: 'Renamed' } },
  '/api/documentTemplate/{id}/generate': { data: { clientId: '00000000-0000-4000-8000-000000000000' } },
  '/api/emailTemplate/{id}/render': { data: { clientId: '00000000-0000-4000-8000-000000000000' } },
  '/api/smsTemplate/{id}/render': { data: { clientId: '00000000-0000-4000-8000-000000000000' } },
  '/api/appointment/{id}': { data: { notes: 'Renamed' } },
  '/api/appointment/{id}/cancel': { data: { reason: 'Owner called' } },
  '/api/appointment/{id}/correct': { data: { status: 'Confirmed', reason: 'Called back' } },
  '/api/appointmentAddOn/{id}': { data: { values: {} } },
  '/api/service/{id}': { data: { name: 'Renamed' } },
  '/api/user/{id}/updateAvailability': {
    data: {
      type: 'veterinarianService',
      veterinarianId: '00000000-0000-4000-8000-000000000000',
      serviceId: '00000000-0000-4000-8000-000000000001',
      action: 'add',
    },
  },
  '/api/scheduleSlot/{id}': { data: { capacity: 2 } },
  '/api/scheduleNote/{id}': { data: { text: 'Renamed' } },
  '/api/addOnCategory/{id}': { data: { name: 'Renamed' } },
  '/api/addOn/{id}': { data: { name: 'Renamed' } },
  '/api/formTemplate/{id}': { formTemplateData: { name: 'Renamed' } },
  '/api/formSubmission/{id}': { formSubmissionData: { status: 'read' } },
  '/api/task/{id}': { taskData: { title: 'Renamed' } },
  '/api/emailAutomation/{id}': { emailAutomationData: { name: 'Renamed' } },
  '/api/smsAutomation/{id}': { smsAutomationData: { name: 'Renamed' } },
  '/api/taskAutomation/{id}': { taskAutomationData: { name: 'Renamed' } },
  '/api/emailAutomationQueueItem/{id}': { data: { subject: 'Renamed' } },
  '/api/smsAutomationQueueItem/{id}': { data: { body: 'Renamed' } },
  '/api/taskAutomationQueueItem/{id}': { data: { title: 'Renamed' } },
  '/api/emailTemplate/{id}': templateBody('email', { name: 'Renamed' }),
  '/api/smsTemplate/{id}': templateBody('sms', { name: 'Renamed' }),
  '/api/noteTemplate/{id}': templateBody('note', { name: 'Renamed' }),
  '/api/pdfTemplate/{id}': templateBody('pdf', { name: 'Renamed' }),
  '/api/documentTemplate/{id}': templateBody('document', { name: 'Renamed' }),
  '/api/invoiceTemplate/{id}': templateBody('invoice', { name: 'Renamed' }),
  '/api/priceBand/{id}': { data: { price: 100 } },
  '/api/taxCode/{id}': { data: { name: 'Renamed' } },
  '/api/invoice/{id}': { invoiceData: { notes: 'Renamed' } },
  '/api/invoice/{id}/void': { data: { reason: 'Entered twice' } },
  '/api/invoice/{id}/creditNote': { data: { reason: 'Overcharged' } },
  '/api/invoice/{id}/email': { data: { to: 'owner@example.com' } },
  '/api/estimate/{id}': { estimateData: { notes: 'Renamed' } },
  '/api/estimate/{id}/decline': { data: { reason: 'Too much' } },
  '/api/item/{id}': { itemData: { name: 'Renamed' } },
  '/api/inventoryLog/{id}': { inventoryLogData: { quantity: 1, reason: 'Miscounted' } },
};
/** Queries a path with {id} requires besides it (any valid value: the id is refused first). */
const sampleQueries: Record<string, Record<string, string>> = {
  'GET /api/item/{id}/lots': { locationId: '00000000-0000-4000-8000-000000000000' },
  'DELETE /api/inventoryLog/{id}': { reason: 'Entered twice' },
};

// ---------- ids in queries and bodies ----------
// Every operation a session may call is walked from its contract: each uuid field of its query and
// body (idField(), named *Id / *Ids) is tried with the id of the same kind of entity of the other
// account, one at a time, on a request that is otherwise valid for this account. The answer must be
// 404, or 400 naming the field, and no table may change. A new operation is covered as it is added.

/** What an id field names, so the other account's entity of the same kind can stand in for it. */
type Kind =
  | 'account'
  | 'location'
  | 'user'
  | 'role'
  | 'client'
  | 'patient'
  | 'contact'
  | 'service'
  | 'addOnCategory'
  | 'addOn'
  | 'appointment'
  | 'species'
  | 'formTemplate'
  | 'formSubmission'
  | 'pdfTemplate'
  | 'document'
  | 'invoice'
  | 'paymentType'
  | 'emailTemplate'
  | 'smsTemplate'
  | 'automation'
  | 'taxCode'
  | 'estimate'
  | 'invoiceItem'
  | 'chatMessage'
  | 'item'
  | 'lot';
/** Ids every account shares (the species catalogue): there is no other account's id to try. */
const sharedKinds = new Set<Kind>(['species']);
/** By a field's name without Id/Ids. */
const kindsByName: Record<string, Kind> = {
  account: 'account',
  newAccount: 'account',
  location: 'location',
  role: 'role',
  user: 'user',
  veterinarian: 'user',
  primaryVeterinarian: 'user',
  provider: 'user',
  primaryProvider: 'user',
  secondaryProvider: 'user',
  prescriber: 'user',
  client: 'client',
  patient: 'patient',
  deceasedPatient: 'patient',
  contact: 'contact',
  survivor: 'contact',
  merged: 'contact',
  service: 'service',
  category: 'addOnCategory',
  addOn: 'addOn',
  appointment: 'appointment',
  species: 'species',
  formTemplate: 'formTemplate',
  pdfTemplate: 'pdfTemplate',
  document: 'document',
  invoice: 'invoice',
  paymentType: 'paymentType',
  emailTemplate: 'emailTemplate',
  smsTemplate: 'smsTemplate',
  automation: 'automation',
  taxCode: 'taxCode',
  estimate: 'estimate',
  // a task's assignee: a person or a role
  assignedTo: 'user',
  assignedRole: 'role',
  item: 'item',
  lot: 'lot',
  // an item's supplier is a contact; a transfer's destination a location
  supplier: 'contact',
  toLocation: 'location',
};
/** Id fields whose name does not say what they name: `METHOD path field` → kind. */
const kindsByField: Record<string, Kind> = {
  'POST /api/patient/{id}/deceased cancelAppointments.ids': 'appointment',
  'POST /api/contact/merge fields.name': 'contact',
  // the base request asks for a client's history (entityType: 'client')
  'GET /api/audit entityId': 'client',
  // SPEC §7: the body repeats the submission's own id
  'POST /api/formSubmission/{id} id': 'formSubmission',
  // the lines of the invoice a credit note corrects
  'POST /api/invoice/{id}/creditNote itemIds': 'invoiceItem',
  // a credit note's line names the line of its invoice it credits (decision 0131)
  'POST /api/invoice invoiceItems.creditedItemId': 'invoiceItem',
  'POST /api/invoice/{id} invoiceItems.creditedItemId': 'invoiceItem',
  // a new location copies the species of another of the account (decision 0191)
  'POST /api/location speciesFrom': 'location',
  // SMS chat's older page: the text it comes before
  'GET /api/chat/messages before': 'chatMessage',
};

/**
 * Operations left out, and why: these act across accounts by design and only a super
 * administrator (system.admin, system.switch_account:*) may call them: account switching names
 * another account's id, system roles gather users of every account.
 */
const crossAccountByDesign = (op: Operation) =>
  op.access.kind === 'anyOf' && op.access.permissions.every((p) => (api.SYSTEM_ONLY_PERMISSIONS as readonly string[]).includes(p));

/** Operations whose body is not JSON: the fields their multipart form carries. */
const multipartFields = new Map<Operation, z.ZodType>([[api.uploadDocument, api.UploadDocumentFields]]);

interface IdField {
  in: 'query' | 'body';
  /** from the query or body root: keys, '[]' for an array's element */
  path: string[];
  /** as error messages name it: 'patientIds', 'addOns.addOnId', 'cancelAppointments.ids' */
  name: string;
  required: boolean;
}

type ZodDef = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: ZodDef } })._zod.def;

/**
 * Every id field of a zod schema (a uuid, or a string named *Id / *Ids), through
 * optional/nullable/default/pipe/array/tuple/object/union/record. A kind of schema it cannot look
 * into fails, rather than hide the ids inside it.
 */
function idFieldsOf(schema: z.ZodType | undefined, where: IdField['in']): IdField[] {
  const found = new Map<string, IdField>();
  const walk = (s: unknown, path: string[], required: boolean): void => {
    const def = defOf(s);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        return walk(def.innerType, path, false);
      case 'nonoptional':
        return walk(def.innerType, path, true);
      case 'nullable':
      case 'readonly':
      case 'catch':
        return walk(def.innerType, path, required);
      case 'pipe':
        walk(def.in, path, required);
        return walk(def.out, path, required);
      case 'array':
        return walk(def.element, [...path, '[]'], required);
      case 'tuple':
        for (const item of def.items as unknown[]) walk(item, [...path, '[]'], required);
        return;
      case 'object':
        for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) walk(field, [...path, key], required);
        return;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path, required);
        return;
      case 'intersection':
        walk(def.left, path, required);
        return walk(def.right, path, required);
      case 'record': {
        // a record keyed by an enum (e.g. merge `fields`): tried under its first key
        const keys = defOf(def.keyType);
        const key = keys.type === 'enum' ? String(Object.values(keys.entries as Record<string, string>)[0]) : 'key';
        return walk(def.valueType, [...path, key], false);
      }
      case 'string':
        if (def.format === 'uuid' || def.format === 'guid' || /^ids$|Ids?$/.test(path.filter((p) => p !== '[]').at(-1) ?? '')) {
          // the body's wrapper ({data} or a named one such as emailTemplateData) is not named in messages
          const name = path.filter((p, i) => p !== '[]' && !(i === 0 && where === 'body' && /^(data|[a-z]\w*Data)$/.test(p))).join('.');
          found.set(path.join('.'), { in: where, path, name, required });
        }
        return;
      case 'lazy':
      case 'map':
      case 'set':
      case 'promise':
        throw new Error(`idFieldsOf: a ${def.type} at ${path.join('.') || 'the root'} may hide id fields; teach the walk to look into it`);
      default:
        return;
    }
  };
  if (schema) walk(schema, [], true);
  return [...found.values()];
}

const opKey = (op: Operation) => `${op.method} ${op.path}`;
function kindOf(op: Operation, field: IdField): Kind | undefined {
  const byField = kindsByField[`${opKey(op)} ${field.name}`];
  if (byField) return byField;
  const leaf = field.path.filter((p) => p !== '[]').at(-1)!;
  const stem = /^(.+?)Ids?$/.exec(leaf)?.[1];
  return stem === undefined ? undefined : kindsByName[stem];
}

/** One of each kind of entity in an account, consistent with each other. */
type World = Record<Kind, string>;

async function buildWorld(t: TestAccount): Promise<World> {
  const provider = await createUser(ctx, t, ['appointments.primary_provider', 'appointments.secondary_provider']);
  const client = await makeClient(t);
  const patient = (await t.admin.call(api.createPatient, { body: { data: { clientId: client, name: 'Rex', speciesId: t.speciesId } } })).json()
    .id as string;
  const service = await makeService(t);
  const addOnCategory = await makeAddOnCategory(t);
  const addOn = (await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: addOnCategory, name: 'Paw print', price: 25 } } })).json()
    .id as string;
  const appointment = (
    await t.admin.call(api.createAppointment, {
      body: { data: { locationId: t.locationId, clientId: client, patientIds: [patient], serviceIds: [service], startAt: at(0), endAt: at(0, 30) } },
    })
  ).json().id as string;
  const role = (await t.admin.call(api.createRole, { body: { data: { name: `Role ${unique()}`, permissions: [] } } })).json().id as string;
  const world: World = {
    account: t.accountId,
    location: t.locationId,
    user: provider.userId,
    role,
    client,
    patient,
    contact: await makeContact(t),
    service,
    addOnCategory,
    addOn,
    appointment,
    species: t.speciesId,
    formTemplate: await makeFormTemplate(t),
    formSubmission: await makeFormSubmission(t, ctx),
    pdfTemplate: await makeTemplate(t, 'pdf'),
    document: (await uploadDocument(ctx, t.admin, { clientId: client })).json().id as string,
    emailTemplate: await makeTemplate(t, 'email'),
    smsTemplate: await makeTemplate(t, 'sms'),
    automation: await makeAutomation(t, 'email'),
    taxCode: await makeTaxCode(t),
    estimate: await makeEstimate(t, client),
    invoiceItem: '',
    chatMessage: await makeChatMessage(t, client),
    ...(await inventoryWorld(t)),
    ...(await billingWorld(t, client)),
  };
  const invoice = world.invoice;
  world.invoiceItem = (await t.admin.call(api.invoiceOps.get!, { params: { id: invoice } })).json().items[0].id as string;
  for (const [kind, id] of Object.entries(world)) expect(id, `${kind} of the test world`).toMatch(/^[0-9a-f-]{36}$/);
  return world;
}

/** An item with stock in a lot at the first location. */
async function inventoryWorld(t: TestAccount) {
  const item = await makeItem(t);
  return { item, lot: (await receive(t, item, 10)).lotId };
}

/** A finalised invoice of the client (room for the requests' payments), a payment type, and credit to move. */
async function billingWorld(t: TestAccount, clientId: string) {
  const invoice = await makeInvoice(t, { finalise: true, clientId });
  await makePayment(t, clientId, 100_000);
  return { invoice, paymentType: await makePaymentType(t) };
}

/** Distinct hours of a future day, so appointments of one patient never overlap. */
let hours = 0;
const at = (hour = ++hours, minutes = 0) => new Date(Date.UTC(2031, 0, 6, 6 + hour, minutes)).toISOString();

interface Request {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}
const withData = (data: Record<string, unknown>) => ({ body: { data } });
/** A task naming one of each record it can (the assignee is tried alone: a person or a role, not both). */
const taskLinks = (w: World) => ({ locationId: w.location, title: 'Call back', clientId: w.client, patientId: w.patient, appointmentId: w.appointment, invoiceId: w.invoice });
const mappedFields = (w: World) => [{ key: 'pawPrint', type: 'checkbox', label: 'Paw print', mappings: [{ addOnId: w.addOn }] }, ...FORM_FIELDS];
/** The path's {id}: an entity of `t` from the fixtures of the path test. */
const pathId = async (op: Operation, t: TestAccount) => ({ id: await fixtures[op.path]!(t, ctx) });

/**
 * A valid request of this account for operations that need more than their required ids (names,
 * times, a state to act on). Others get their required ids from the world and the path's fixture.
 */
const baseRequests: Record<string, (w: World, t: TestAccount) => Promise<Request> | Request> = {
  'POST /api/location': () => withData({ name: `Branch ${unique()}`, timezone: 'Europe/London' }),
  'POST /api/integrations/createStripeWebhook': async (w, t) => {
    // The location's Stripe integration (already there when asked again: 409).
    await t.admin.call(api.createIntegration, { body: { data: { locationId: w.location, service: 'stripe', publicKey: 'pk_test_1', privateKey: STRIPE_KEY } } });
    return withData({ locationId: w.location });
  },
  'POST /api/quickbooks/connect': (w, t) => withQuickbooks(w, t),
  'POST /api/quickbooks/disconnect': (w, t) => withQuickbooks(w, t),
  'POST /api/integrations': (w) => withData({ locationId: w.location, service: 'google', publicKey: 'client-id', privateKey: 'client-secret' }),
  'POST /api/location/updateSpecies': (w) => withData({ locationId: w.location, speciesId: w.species, action: 'add' }),
  'POST /api/role': () => withData({ name: `Role ${unique()}`, permissions: [] }),
  'POST /api/user': () => withData({ firstName: 'Nia', lastName: 'New', email: `new-${unique()}@test.example`, password: TEST_PASSWORD }),
  'GET /api/audit': (w) => ({ query: { entityType: 'client', entityId: w.client } }),
  'GET /api/search': () => ({ query: { q: 'Cora' } }),
  ...chatBaseRequests(() => ctx),
  'POST /api/client': (w) => withData({ locationId: w.location, firstName: 'Cleo', lastName: 'Client' }),
  'POST /api/client/import/preview': (w) => withData({ locationId: w.location, csv: 'client_first_name,client_last_name\nIda,Import\n' }),
  'POST /api/client/import': (w) => withData({ locationId: w.location, csv: 'client_first_name,client_last_name\nIda,Import\n' }),
  'POST /api/patient': (w) => withData({ clientId: w.client, name: 'Bo', speciesId: w.species }),
  'POST /api/patient/{id}/deceased': async (w, t) => {
    const patient = (await t.admin.call(api.createPatient, { body: { data: { clientId: w.client, name: 'Old Tom', speciesId: w.species } } })).json()
      .id as string;
    const res = await t.admin.call(api.createAppointment, {
      body: { data: { locationId: w.location, clientId: w.client, patientIds: [patient], startAt: at(), endAt: at(hours, 30) } },
    });
    return {
      params: { id: patient },
      ...withData({ deceasedOn: '2026-11-20', cancelAppointments: { ids: [res.json().id], reason: 'Passed away' } }),
    };
  },
  'POST /api/prescription': (w) =>
    withData({ patientId: w.patient, drug: 'Meloxicam', dose: '1.5 mg/ml', frequency: 'daily', quantity: '10 ml', prescribedOn: '2026-11-01' }),
  'POST /api/vaccination': (w) => withData({ patientId: w.patient, vaccine: 'Rabies', givenOn: '2026-11-01' }),
  'POST /api/contact': () => withData({ name: 'Ivy Crematory', category: 'crematory' }),
  'POST /api/communications/email': (w) => withData({ clientId: w.client, subject: 'Reminder', body: 'Max is due for his vaccination.' }),
  'POST /api/communications/sms': (w) => withData({ clientId: w.client, body: 'Max is due for his vaccination.' }),
  'POST /api/contact/merge': async (_w, t) => {
    const [survivorId, mergedId] = [await makeContact(t), await makeContact(t)];
    return withData({ survivorId, mergedIds: [mergedId], fields: { name: mergedId } });
  },
  'POST /api/document': (w) => ({ body: { clientId: w.client } }),
  'POST /api/documentTemplate/{id}/generate': async (w, t) => ({
    params: { id: await makeTemplate(t, 'document') },
    ...withData({ clientId: w.client, patientId: w.patient, appointmentId: w.appointment }),
  }),
  'POST /api/pdf/sendPDF': async (w, t) => {
    // the location's email (already there when asked again: 409)
    await t.admin.call(api.createIntegration, {
      body: {
        data: {
          locationId: w.location,
          service: 'smtp',
          publicKey: 'front',
          privateKey: 'smtp-pass',
          settings: { host: '127.0.0.1', port: 2525, security: 'none', fromEmail: 'front@practice.example' },
        },
      },
    });
    return withData({ documentId: w.document, to: 'owner@example.com' });
  },
  'POST /api/addOnCategory': (w) => withData({ locationId: w.location, name: `Keepsakes ${unique()}` }),
  'POST /api/addOn': (w) => withData({ categoryId: w.addOnCategory, name: `Urn ${unique()}`, price: 90 }),
  'POST /api/service': (w) => withData({ locationId: w.location, type: 'Consultation', name: `Exam ${unique()}`, duration: 30, price: 50 }),
  'POST /api/scheduleSlot': (w) => withData({ locationId: w.location, startAt: at(), endAt: at(hours, 30) }),
  'GET /api/scheduleSlot': () => ({ query: { startDate: '2031-01-05T00:00:00Z', endDate: '2031-01-12T00:00:00Z' } }),
  'POST /api/scheduleNote': (w) => withData({ locationId: w.location, date: '2031-01-06', text: 'Closed' }),
  'POST /api/user/{id}/updateAvailability': (w) => ({
    params: { id: w.user },
    ...withData({ type: 'veterinarianService', veterinarianId: w.user, serviceId: w.service, action: 'add' }),
  }),
  'POST /api/appointment': (w) =>
    withData({
      locationId: w.location,
      clientId: w.client,
      patientIds: [w.patient],
      serviceIds: [w.service],
      primaryProviderId: w.user,
      startAt: at(),
      endAt: at(hours, 30),
    }),
  'POST /api/appointmentAddOn': async (w, t) => withData({ appointmentId: await makeAppointment(t), addOnId: w.addOn }),
  // a checkbox mapped to an add-on first: the walk puts another account's add-on in its place (decision 0185)
  'POST /api/formTemplate': (w) => ({ body: { formTemplateData: { locationId: w.location, name: `Intake ${unique()}`, fields: mappedFields(w) } } }),
  'GET /api/formRequest': (w) => ({ query: { clientId: w.client, appointmentId: w.appointment } }),
  'POST /api/formTemplate/{id}': async (w, t) => ({ params: await pathId(api.formTemplateOps.update, t), body: { formTemplateData: { name: 'Renamed', fields: mappedFields(w) } } }),
  'POST /api/formSubmission/{id}': (w) => ({ params: { id: w.formSubmission }, body: { formSubmissionData: { id: w.formSubmission, status: 'read' } } }),
  'POST /api/task': (w) => ({ body: { taskData: taskLinks(w) } }),
  'POST /api/task/{id}': async (w, t) => ({ params: await pathId(api.taskOps.update, t), body: { taskData: taskLinks(w) } }),
  'POST /api/taxCode': (w) => withData({ locationId: w.location, name: `Tax ${unique()}`, rate: 500 }),
  'POST /api/taxCode/{id}': async (w, t) => ({ params: { id: await makeTaxCode(t) }, ...withData({ locationId: w.location, name: 'Renamed' }) }),
  'POST /api/invoice': (w) => ({ body: billingBody(w, 'invoice') }),
  // The world's appointment is billed by the time the control runs: another invoice, asked for knowingly.
  'POST /api/invoice/fromAppointment': (w) => withData({ appointmentId: w.appointment, again: true }),
  'POST /api/invoice/{id}': async (w, t) => ({ params: { id: await makeInvoice(t, { clientId: w.client }) }, body: billingBody(w, 'invoice') }),
  'POST /api/estimate': (w) => ({ body: billingBody(w, 'estimate') }),
  'POST /api/estimate/{id}': async (w, t) => ({ params: { id: await makeEstimate(t, w.client) }, body: billingBody(w, 'estimate') }),
  'POST /api/cardPaymentRequest': async (w, t) => {
    // The location's Stripe integration (already there when asked again: 409); Stripe is the fake.
    await t.admin.call(api.createIntegration, { body: { data: { locationId: w.location, service: 'stripe', publicKey: 'pk_test_1', privateKey: STRIPE_KEY } } });
    return withData({ estimateId: w.estimate, amount: 1_000, channel: 'screen' });
  },
  'GET /api/cardPaymentRequest': (w) => ({ query: { clientId: w.client } }),
  'GET /api/invoice/unbilled': (w) => ({ query: { locationId: w.location, weekOf: '2031-01-06' } }),
  'GET /api/reports/revenue': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location, providerId: w.user } }),
  'GET /api/reports/paymentsByType': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location } }),
  'GET /api/reports/appointmentsByStatus': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location, providerId: w.user } }),
  'GET /api/analytics/dashboard': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location } }),
  'GET /api/reports/missedCharges': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location, providerId: w.user } }),
  'GET /api/reports/endOfLife': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location } }),
  'GET /api/reports/vaccinationsDue': (w) => ({ query: { locationId: w.location, dueBefore: '2031-01-31' } }),
  'GET /api/reports/stockValuation': (w) => ({ query: { locationId: w.location } }),
  'GET /api/reports/expiringStock': (w) => ({ query: { locationId: w.location, before: '2031-01-31' } }),
  'GET /api/reports/controlledDrugLedger': (w) => ({ query: { from: '2031-01-01', to: '2031-01-31', locationId: w.location, itemId: w.item } }),
  'POST /api/invoice/{id}/email': async (w, t) => ({ params: { id: await makeInvoice(t, { clientId: w.client }) }, ...withData({ to: 'owner@example.com', emailTemplateId: w.emailTemplate }) }),
  'POST /api/invoice/{id}/creditNote': async (w, t) => {
    const id = await makeInvoice(t, { finalise: true, clientId: w.client });
    const item = (await t.admin.call(api.invoiceOps.get!, { params: { id } })).json().items[0].id as string;
    return { params: { id }, ...withData({ reason: 'Overcharged', itemIds: [item] }) };
  },
  'POST /api/formRequest': (w) =>
    withData({ formTemplateId: w.formTemplate, clientId: w.client, patientId: w.patient, appointmentId: w.appointment, estimateId: w.estimate, channel: 'device' }),
  ...templateRequests(),
  ...automationBaseRequests(),
  'POST /api/priceBand': (w) => withData({ locationId: w.location, cremationType: 'private', minGrams: 0, maxGrams: 5000, price: 15000 }),
  'POST /api/priceCalculator/quote': (w) =>
    withData({ locationId: w.location, cremationType: 'private', weightGrams: 4000, addOnIds: [w.addOn], serviceIds: [w.service] }),
  'POST /api/payment': (w) =>
    withData({
      locationId: w.location,
      clientId: w.client,
      paymentTypeId: w.paymentType,
      amount: 300,
      allocations: [
        { invoiceId: w.invoice, amount: 100 },
        { estimateId: w.estimate, amount: 100 },
      ],
    }),
  'POST /api/payment/{id}/refund': async (w, t) => ({ params: await pathId(api.refundPayment, t), ...withData({ amount: 100, reason: 'Overpaid', paymentTypeId: w.paymentType }) }),
  'POST /api/payment/allocateCredit': (w) => withData({ clientId: w.client, invoiceId: w.invoice, amount: 100 }),
  'POST /api/item': (w) => ({ body: { itemData: itemLinks(w) } }),
  'POST /api/item/{id}': async (w, t) => ({ params: { id: await makeItem(t) }, body: { itemData: itemLinks(w) } }),
  'POST /api/inventoryLog': (w) => ({
    body: { inventoryLogData: { type: 'administered', itemId: w.item, locationId: w.location, lotId: w.lot, quantity: 1, patientId: w.patient, appointmentId: w.appointment } },
  }),
  'POST /api/inventory/stockTake': (w) => ({
    body: { stockTakeData: { locationId: w.location, itemId: w.item, counts: [{ lotId: w.lot, counted: 900 }], reason: 'Counted' } },
  }),
  'POST /api/template/preview': (w) =>
    withData({ kind: 'email', parts: { body: '{{ client.firstName }}' }, clientId: w.client, patientId: w.patient, appointmentId: w.appointment, locationId: w.location }),
};

/** An item naming one of each record it can: its location's settings with a tax code, and an add-on that draws it. */
const itemLinks = (w: World) => ({
  name: `Urn ${unique()}`,
  locations: [{ locationId: w.location, taxCodeId: w.taxCode }],
  addOnDraws: [{ addOnId: w.addOn }],
});
/** A field tried on a request of its own (one type of a union carries it): `METHOD path field` → the request. */
const fieldRequests: Record<string, (w: World) => Request> = {
  'POST /api/inventoryLog toLocationId': (w) => ({
    body: { inventoryLogData: { type: 'transfer', itemId: w.item, locationId: w.location, toLocationId: w.location, quantity: 1 } },
  }),
};

/** Each template kind's create and update, its ids (location, PDF page, invoice lines' services and add-ons) from the world. */
function templateRequests(): Record<string, (w: World, t: TestAccount) => Promise<Request>> {
  const requests: Record<string, (w: World, t: TestAccount) => Promise<Request>> = {};
  for (const kind of Object.keys(templateFields) as TemplateOpsKind[]) {
    const data = (w: World) => ({
      locationId: w.location,
      name: `Template ${unique()}`,
      ...templateFields[kind],
      ...(kind === 'document' || kind === 'invoice' ? { pdfTemplateId: w.pdfTemplate } : {}),
    });
    const items = (w: World) => [{ description: 'Visit', quantity: 1, unitPrice: 100, serviceId: w.service, addOnId: w.addOn }];
    const path = api.TEMPLATE_OPS[kind].create!.path;
    requests[`POST ${path}`] = async (w) => ({ body: templateBody(kind, data(w), items(w)) });
    requests[`POST ${path}/{id}`] = async (w, t) => ({ params: { id: await makeTemplate(t, kind) }, body: templateBody(kind, data(w), items(w)) });
  }
  return requests;
}

/** Sets `value` at `path` ('[]': the array's first element; a leaf array becomes [value]). */
function setAt(root: Record<string, unknown>, path: string[], value: string): void {
  let node: Record<string, unknown> | unknown[] = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    if (key === '[]') return;
    const slot = node as Record<string, unknown>;
    if (next === '[]') {
      if (i + 1 === path.length - 1) {
        slot[key] = [value];
        return;
      }
      const items = Array.isArray(slot[key]) && (slot[key] as unknown[]).length > 0 ? (slot[key] as unknown[]) : [{}];
      slot[key] = items;
      node = items[0] as Record<string, unknown>;
      return;
    }
    if (last) slot[key] = value;
    else node = (slot[key] ??= {}) as Record<string, unknown>;
  });
}

async function send(op: Operation, req: Request, caller: Client) {
  if (multipartFields.has(op)) return uploadDocument(ctx, caller, req.body as Record<string, string>);
  const query = req.query && Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  return caller.call(op, { ...(req.params && { params: req.params }), ...(query && { query }), ...(req.body && { body: req.body }) });
}

let tableNames: string[] | undefined;
/** Every table's row count and a digest of its rows: what a refused request must leave as it was. */
async function snapshot(): Promise<Map<string, string>> {
  const query: Query = (text) => ctx.database.query(text);
  tableNames ??= await publicTables(query);
  return tableDigests(query, tableNames);
}
const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([t, v]) => before.get(t) !== v).map(([t]) => t);

/** A 400 names the field when its message starts with it ('addOns.0.addOnId: …' names addOns.addOnId). */
function namesField(message: string, field: IdField): boolean {
  const named = /^([\w.[\]]+):/.exec(message)?.[1]?.replace(/\.\d+|\[\d+\]/g, '');
  return named === field.name;
}

describe('route table', () => {
  it('registers every contract operation, each with its access rule', () => {
    const table = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    for (const op of operations) {
      const route = table.find((r) => r.method === op.method && r.url === fastifyPath(op.path));
      expect(route, `${op.method} ${op.path} is not served`).toBeDefined();
      expect(route!.access).toEqual(op.access);
    }
    for (const route of ctx.app.routeTable) expect(route.access.kind).toMatch(/^(public|authenticated|anyOf)$/);
  });

  it('refuses unauthenticated calls to every non-public route with 401', async () => {
    for (const op of operations.filter((o) => o.access.kind !== 'public')) {
      const res = await anonymous(ctx).call(op, { params: { id: home.locationId, key: 'free' } });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('refuses a user without the permission before any work', async () => {
    const nobody = await createUser(ctx, home, []);
    for (const op of operations.filter((o) => o.access.kind === 'anyOf')) {
      const res = await nobody.call(op, { params: { id: home.locationId, key: 'free' }, body: { data: {} } });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(op.deniedStatus ?? 403);
    }
  });

  it("answers 404 to another account's user for this account's ids", async () => {
    const stranger = other.admin;
    const withIds = operations.filter((o) => o.path.includes('{id}') || o.path.includes('{key}'));
    for (const op of withIds) {
      if (globalIdPaths.has(op.path)) continue;
      const fixture = fixtures[op.path];
      expect(fixture, `${op.method} ${op.path} needs a cross-account fixture`).toBeDefined();
      const id = await fixture!(home, ctx);
      const res = await stranger.call(op, { params: { id }, body: sampleBodies[op.path] ?? { data: {} }, ...(sampleQueries[opKey(op)] && { query: sampleQueries[opKey(op)] }) });
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(404);
    }
  });
});

describe("another account's ids in queries and bodies", () => {
  it('finds the id fields of the contracts', () => {
    const names = (op: Operation) => [...idFieldsOf(op.query, 'query'), ...idFieldsOf(op.body, 'body')].map((f) => `${f.in} ${f.name}`);
    expect(names(api.createAppointment)).toEqual(
      expect.arrayContaining(['body locationId', 'body patientIds', 'body primaryProviderId', 'body addOns.addOnId']),
    );
    expect(names(api.listAppointments)).toEqual(expect.arrayContaining(['query locationId', 'query providerId', 'query serviceId']));
    expect(names(api.mergeContacts)).toEqual(['body survivorId', 'body mergedIds', 'body fields.name']);
  });

  it('answers 404, or 400 naming the field, and writes nothing', async () => {
    const mine = await buildWorld(home);
    const theirs = await buildWorld(other);
    const problems: string[] = [];
    const tried = { operations: 0, fields: 0 };
    for (const op of operations) {
      // Public operations have no session, so no account of their own to cross.
      if (op.access.kind === 'public' || crossAccountByDesign(op)) continue;
      const multipart = multipartFields.get(op);
      const fields = [...idFieldsOf(op.query, 'query'), ...idFieldsOf(multipart ?? op.body, 'body')];
      for (const f of fields) expect(kindOf(op, f), `${opKey(op)}: what does ${f.name} name? Add it to kindsByName or kindsByField`).toBeDefined();
      const foreign = fields.filter((f) => !sharedKinds.has(kindOf(op, f)!));
      if (foreign.length === 0) continue;

      const build = baseRequests[opKey(op)];
      const base: Request = build ? await build(mine, home) : op.body ? { body: { data: {} } } : {};
      if (!build) for (const f of fields.filter((f) => f.required)) setAt((base[f.in] ??= {}), f.path, mine[kindOf(op, f)!]);
      if (op.path.includes('{id}') && !base.params) {
        expect(fixtures[op.path], `${opKey(op)} needs a fixture for its {id}`).toBeDefined();
        base.params = await pathId(op, home);
      }

      let before = await snapshot();
      for (const f of foreign) {
        const own = fieldRequests[`${opKey(op)} ${f.name}`];
        const req = own ? own(mine) : structuredClone(base);
        setAt((req[f.in] ??= {}), f.path, theirs[kindOf(op, f)!]);
        const res = await send(op, req, home.admin);
        const after = await snapshot();
        const what = `${opKey(op)} with the ${f.in} field ${f.name} of another account`;
        const refused = res.statusCode === 404 || (res.statusCode === 400 && namesField(errorOf(res), f));
        if (!refused) problems.push(`${what} answers ${res.statusCode} ${res.body.slice(0, 160)}`);
        const changed = changedTables(before, after);
        if (changed.length > 0) problems.push(`${what} changed ${changed.join(', ')}`);
        before = after;
        tried.fields++;
      }
      // The same request with this account's ids is served: the refusals above came from the field.
      const control = await send(op, base, home.admin);
      if (control.statusCode >= 300) {
        problems.push(
          `${opKey(op)}: the request its ids are tried on answers ${control.statusCode} ${control.body.slice(0, 160)}; give it a valid request in baseRequests`,
        );
      }
      tried.operations++;
    }
    expect(problems).toEqual([]);
    // the walk still finds what it found when this was written (53 operations, 93 fields)
    expect(tried.operations).toBeGreaterThanOrEqual(50);
    expect(tried.fields).toBeGreaterThanOrEqual(90);
  });
});
