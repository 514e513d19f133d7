import { z } from 'zod';
import { anyOf, operation, publicAccess } from './operation.js';
import { emailField, idField, IdParams, noAmpersand, OkResponse, optionalText, wrapped } from './rules.js';

/**
 * The third-party services a location can be connected to (SPEC §9), one integration per service
 * and location. Every integration holds a public part (a key, a user name or email, an account or
 * client id: shown back to staff), a private part (a password, a secret key, an API key, a token:
 * encrypted at rest and never sent back) and the service's settings (not secret).
 *
 * The SPEC does not name the three memorial/cremation partners: they are the partner slots 1–3,
 * and each carries the partner's name in its settings (docs/decisions/0064).
 */
export const INTEGRATION_SERVICES = [
  'memorialPartner1',
  'memorialPartner2',
  'memorialPartner3',
  'quickbooks',
  'sendgrid',
  'smtp',
  'twilio',
  'stripe',
  'stripeWebhook',
  'google',
] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];
export const IntegrationServiceField = z.enum(INTEGRATION_SERVICES, 'must be one of the integration services');

export const MEMORIAL_PARTNER_SERVICES = ['memorialPartner1', 'memorialPartner2', 'memorialPartner3'] as const satisfies readonly IntegrationService[];
/** Where a location's email goes: its email delivery provider, or SMTP settings instead. */
export const EMAIL_SERVICES = ['sendgrid', 'smtp'] as const satisfies readonly IntegrationService[];

export type IntegrationKind = 'partner' | 'accounting' | 'email' | 'sms' | 'payment' | 'webhook' | 'signIn';

/** What the form shows for a field: its label, whether it must be given, a hint. */
export interface IntegrationFieldInfo {
  label: string;
  required: boolean;
  helperText?: string;
}

export interface IntegrationServiceInfo {
  label: string;
  kind: IntegrationKind;
  description: string;
  /** the public part; null when the service has none */
  publicKey: IntegrationFieldInfo | null;
  /** the private part; null when the service's secret is not typed by staff (the webhook's comes from the provider) */
  privateKey: IntegrationFieldInfo | null;
  /** the settings the service takes, in the form's order (values are strings, numbers or booleans) */
  settings: readonly (IntegrationFieldInfo & { key: string; type: 'text' | 'email' | 'url' | 'number' | 'select' | 'phone'; options?: readonly string[] })[];
  /** created by its own action instead of the form (the card payment webhook) */
  createdByAction?: boolean;
}

const partner = (n: 1 | 2 | 3): IntegrationServiceInfo => ({
  label: `Memorial partner ${n}`,
  kind: 'partner',
  description: 'A memorial or cremation partner that receives the practice’s cremation orders.',
  publicKey: { label: 'Username or email', required: true },
  privateKey: { label: 'Password', required: true },
  settings: [
    { key: 'name', label: 'Partner name', type: 'text', required: false, helperText: 'How the partner is named in the portal' },
    { key: 'apiUrl', label: 'Partner API address', type: 'url', required: false, helperText: 'Given by the partner; used to test the connection' },
  ],
});

/** Labels and fields of each service: the one catalogue the form and the server's rules read. */
export const INTEGRATION_CATALOGUE: Record<IntegrationService, IntegrationServiceInfo> = {
  memorialPartner1: partner(1),
  memorialPartner2: partner(2),
  memorialPartner3: partner(3),
  quickbooks: {
    label: 'QuickBooks Online',
    kind: 'accounting',
    description: 'Accounting: invoices and payments go to the practice’s QuickBooks company.',
    publicKey: { label: 'Client ID', required: true },
    privateKey: { label: 'Client secret', required: true },
    settings: [{ key: 'environment', label: 'Environment', type: 'select', options: ['production', 'sandbox'], required: true }],
  },
  sendgrid: {
    label: 'SendGrid',
    kind: 'email',
    description: 'Email delivery: the location’s emails are sent through SendGrid.',
    publicKey: null,
    privateKey: { label: 'API key', required: true, helperText: 'Starts with SG.' },
    settings: [
      { key: 'fromEmail', label: 'From email', type: 'email', required: true },
      { key: 'fromName', label: 'From name', type: 'text', required: false },
    ],
  },
  smtp: {
    label: 'SMTP server',
    kind: 'email',
    description: 'Email through the practice’s own mail server, instead of SendGrid.',
    publicKey: { label: 'User name', required: false },
    privateKey: { label: 'Password', required: false },
    settings: [
      { key: 'host', label: 'Host', type: 'text', required: true },
      { key: 'port', label: 'Port', type: 'number', required: true },
      {
        key: 'security',
        label: 'Security',
        type: 'select',
        options: ['starttls', 'tls', 'none'],
        required: true,
        helperText: 'starttls: port 587; tls: port 465; none only on a trusted network',
      },
      { key: 'fromEmail', label: 'From email', type: 'email', required: true },
      { key: 'fromName', label: 'From name', type: 'text', required: false },
    ],
  },
  twilio: {
    label: 'Twilio',
    kind: 'sms',
    description: 'Text messages to and from clients.',
    publicKey: { label: 'Account SID', required: true, helperText: 'Starts with AC' },
    privateKey: { label: 'Auth token', required: true },
    settings: [{ key: 'fromNumber', label: 'Sending number', type: 'phone', required: true, helperText: 'In international form, e.g. +15551234567' }],
  },
  stripe: {
    label: 'Stripe',
    kind: 'payment',
    description: 'Card payments.',
    publicKey: { label: 'Publishable key', required: true, helperText: 'Starts with pk' },
    privateKey: { label: 'Secret key', required: true, helperText: 'Starts with sk or rk' },
    settings: [],
  },
  stripeWebhook: {
    label: 'Stripe webhook',
    kind: 'webhook',
    description: 'Stripe tells the portal when a card payment succeeds. Registered with Stripe from the Stripe integration.',
    publicKey: { label: 'Webhook endpoint', required: true },
    privateKey: null,
    settings: [],
    createdByAction: true,
  },
  google: {
    label: 'Google sign-in',
    kind: 'signIn',
    description: 'Staff sign in with their Google account.',
    publicKey: { label: 'Client ID', required: true },
    privateKey: { label: 'Client secret', required: true },
    settings: [],
  },
};

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');
/** The private part on an update: left empty, the stored one is kept. */
const keepOrReplace = <T extends z.ZodType<string>>(rule: T) => z.union([z.literal(''), rule]).optional();

const partnerSettings = z.object({
  // the partner's name is a name field: no '&' (SPEC §5)
  name: optionalText(100)
    .refine(...noAmpersand)
    .optional(),
  apiUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) address' })])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
}).prefault({});
const noSettings = z.object({}).prefault({});
const fromName = optionalText(100).optional();

const stripePublishable = required(255).refine((v) => v.startsWith('pk'), { message: 'must start with pk' });
const stripeSecret = required(255).refine((v) => v.startsWith('sk') || v.startsWith('rk'), { message: 'must start with sk or rk' });
const sendgridKey = required(255).refine((v) => v.startsWith('SG.'), { message: 'must start with SG.' });
const twilioSid = required(64).refine((v) => /^AC[0-9a-fA-F]{32}$/.test(v), { message: 'must start with AC followed by 32 letters and digits' });
const e164 = required(20).refine((v) => /^\+[1-9]\d{6,14}$/.test(v), { message: 'must be a number in international form, e.g. +15551234567' });

/**
 * Each service's rules for the public part, the private part and the settings. `privateKey` is
 * required on create where the catalogue says so; on update an empty or missing one keeps what is
 * stored.
 */
export const INTEGRATION_RULES = {
  memorialPartner1: { publicKey: required(254), privateKey: required(255), settings: partnerSettings },
  memorialPartner2: { publicKey: required(254), privateKey: required(255), settings: partnerSettings },
  memorialPartner3: { publicKey: required(254), privateKey: required(255), settings: partnerSettings },
  quickbooks: {
    publicKey: required(255),
    privateKey: required(255),
    settings: z.object({ environment: z.enum(['production', 'sandbox'], 'must be production or sandbox').default('production') }).prefault({}),
  },
  sendgrid: { publicKey: z.null().default(null), privateKey: sendgridKey, settings: z.object({ fromEmail: emailField(), fromName }) },
  smtp: {
    publicKey: optionalText(254).default(null),
    privateKey: text(255),
    settings: z.object({
      host: required(253),
      port: z.coerce.number('must be a port number').int('must be a port number').min(1, 'must be a port number').max(65535, 'must be a port number'),
      security: z.enum(['starttls', 'tls', 'none'], 'must be starttls, tls or none').default('starttls'),
      fromEmail: emailField(),
      fromName,
    }),
  },
  twilio: { publicKey: twilioSid, privateKey: required(255), settings: z.object({ fromNumber: e164 }) },
  stripe: { publicKey: stripePublishable, privateKey: stripeSecret, settings: noSettings },
  stripeWebhook: { publicKey: required(255), privateKey: required(255), settings: noSettings },
  google: { publicKey: required(255), privateKey: required(255), settings: noSettings },
} as const satisfies Record<IntegrationService, { publicKey: z.ZodType; privateKey: z.ZodType<string, string>; settings: z.ZodType }>;

/** The services staff create through the form (the webhook has its own action). */
const FORM_SERVICES = INTEGRATION_SERVICES.filter((s) => !INTEGRATION_CATALOGUE[s].createdByAction) as Exclude<IntegrationService, 'stripeWebhook'>[];

const createVariant = <S extends IntegrationService>(service: S) =>
  z.object({
    locationId: idField(),
    service: z.literal(service),
    publicKey: INTEGRATION_RULES[service].publicKey,
    privateKey: INTEGRATION_RULES[service].privateKey,
    settings: INTEGRATION_RULES[service].settings,
  });
/**
 * A rule without its fallback (`{}` settings, a `null` public part): in zod 4 a default still
 * applies under `.optional()`, so an update leaving the field out would otherwise reset it.
 */
const withoutFallback = <T extends z.ZodType>(rule: T) =>
  rule instanceof z.ZodPrefault || rule instanceof z.ZodDefault ? (rule.unwrap() as z.ZodType) : rule;
const updateVariant = <S extends IntegrationService>(service: S) =>
  z.object({
    service: z.literal(service),
    publicKey: (withoutFallback(INTEGRATION_RULES[service].publicKey) as (typeof INTEGRATION_RULES)[S]['publicKey']).optional(),
    privateKey: keepOrReplace(INTEGRATION_RULES[service].privateKey),
    settings: (withoutFallback(INTEGRATION_RULES[service].settings) as (typeof INTEGRATION_RULES)[S]['settings']).optional(),
  });

/** Create: the service names which rules apply. */
export const IntegrationInput = z.discriminatedUnion(
  'service',
  FORM_SERVICES.map((s) => createVariant(s)) as unknown as [ReturnType<typeof createVariant<Exclude<IntegrationService, 'stripeWebhook'>>>],
  { error: 'must be one of the integration services' },
);
export type IntegrationInput = z.input<typeof IntegrationInput>;
/** Update: the service stays what it is (it is named again so the right rules apply). */
export const IntegrationUpdateInput = z.discriminatedUnion(
  'service',
  FORM_SERVICES.map((s) => updateVariant(s)) as unknown as [ReturnType<typeof updateVariant<Exclude<IntegrationService, 'stripeWebhook'>>>],
  { error: 'must be one of the integration services' },
);
export type IntegrationUpdateInput = z.input<typeof IntegrationUpdateInput>;

/** The last "test connection" of an integration, or of a feature using it. */
export const IntegrationCheck = z.object({ ok: z.boolean(), message: z.string().nullable(), at: z.string() });
export type IntegrationCheck = z.infer<typeof IntegrationCheck>;

/** An integration as staff see it: never its private part, only whether one is set. */
export const Integration = z.object({
  id: z.string(),
  locationId: z.string(),
  service: IntegrationServiceField,
  publicKey: z.string().nullable(),
  privateKeySet: z.boolean(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** accounting: whether the OAuth connection is made (a company is linked) */
  connected: z.boolean(),
  lastCheck: IntegrationCheck.nullable(),
  /** the portal's addresses staff give the provider (where it sends texts, its redirect URI); none without PUBLIC_URL */
  addresses: z.array(z.object({ label: z.string(), url: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Integration = z.infer<typeof Integration>;

/**
 * What every location carries about its integrations (SPEC §3): which services are set up, and
 * whether each works: its last check (test connection) succeeded (none yet, or a failed one: false).
 */
export const LocationIntegration = z.object({ service: IntegrationServiceField, locationId: z.string(), working: z.boolean() });
export type LocationIntegration = z.infer<typeof LocationIntegration>;

/** Where Google sends staff back after signing in (SPEC §2): the sign-in client's redirect URI. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

export const INTEGRATION_MESSAGES = {
  exists: 'Integration already exists for this location',
  notSetUp: 'This integration has not been set up properly',
  notSetUpCorrectly: 'This integration has not been set up correctly. Please check the integration details in the location settings.',
  emailNotSetUp: 'Email is not set up for this location',
  smsNotSetUp: 'SMS is not set up for this location',
} as const;

const manage = anyOf('locations.manage');

export const listIntegrations = operation({
  method: 'GET',
  path: '/api/integrations',
  access: manage,
  tag: 'integrations',
  summary: 'A location’s integrations (secrets are never included)',
  query: z.object({ locationId: idField() }),
  response: z.array(Integration),
});
export const createIntegration = operation({
  method: 'POST',
  path: '/api/integrations',
  access: manage,
  tag: 'integrations',
  summary: 'Set up a service for a location (one per service and location)',
  body: wrapped(IntegrationInput),
  response: Integration,
  status: 201,
});
export const updateIntegration = operation({
  method: 'POST',
  path: '/api/integrations/{id}',
  access: manage,
  tag: 'integrations',
  summary: 'Change an integration; an empty private part keeps the stored one',
  params: IdParams,
  body: wrapped(IntegrationUpdateInput),
  response: Integration,
});
export const deleteIntegration = operation({
  method: 'DELETE',
  path: '/api/integrations/{id}',
  access: manage,
  tag: 'integrations',
  summary: 'Remove an integration and its secrets',
  params: IdParams,
  response: OkResponse,
});
export const testIntegration = operation({
  method: 'POST',
  path: '/api/integrations/{id}/test',
  access: manage,
  tag: 'integrations',
  summary: 'Ask the provider whether the stored credentials work',
  params: IdParams,
  response: IntegrationCheck,
});
export const createStripeWebhook = operation({
  method: 'POST',
  path: '/api/integrations/createStripeWebhook',
  access: manage,
  tag: 'integrations',
  summary: 'Register the card payment webhook with Stripe for a location and keep its signing secret',
  body: wrapped(z.object({ locationId: idField() })),
  response: Integration,
  status: 201,
});

/** The payment events the card payment webhook is registered for (what billing acts on). */
export const STRIPE_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'checkout.session.completed', 'charge.refunded'] as const;

export const STRIPE_WEBHOOK_MESSAGES = {
  noPublicUrl: 'The portal’s public address (PUBLIC_URL) is not configured, so Stripe cannot be given an address to call.',
  badSignature: 'The webhook signature is not valid',
} as const;

/**
 * Stripe calls this for a location's card payment events; the signature (Stripe-Signature over the
 * raw body, with the signing secret kept at registration) is what authenticates it.
 */
export const receiveStripeWebhook = operation({
  method: 'POST',
  path: '/api/integrations/stripe/webhook/{locationId}',
  access: publicAccess,
  tag: 'integrations',
  summary: 'Card payment events from Stripe, verified by their signature and recorded once each',
  params: z.object({ locationId: idField() }),
  body: z.unknown(),
  response: z.object({ received: z.literal(true) }),
  rawBody: true,
});
