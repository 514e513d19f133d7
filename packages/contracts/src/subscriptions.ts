import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { nameField, OkResponse, wrapped } from './rules.js';

export const TIER_ORDER = ['premium', 'basic', 'free'] as const;
export const SubscriptionTier = z.object({
  key: z.string(),
  name: z.string(),
  maxUsers: z.number().int().nullable(),
  maxLocations: z.number().int().nullable(),
  accountCount: z.number().int(),
});
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;
const limitField = () => z.number().int('must be a whole number').min(1, 'must be at least 1').nullable();
export const SubscriptionTierInput = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, 'must be 2–31 lowercase letters, digits or dashes'),
  name: nameField(60),
  maxUsers: limitField(),
  maxLocations: limitField(),
});
export type SubscriptionTierInput = z.infer<typeof SubscriptionTierInput>;
export const SubscriptionTierUpdateInput = SubscriptionTierInput.omit({ key: true });
const KeyParams = z.object({ key: z.string().min(1).max(40) });

export const listSubscriptionTiers = operation({
  method: 'GET',
  path: '/api/subscriptionTier',
  access: authenticated,
  tag: 'subscriptions',
  summary: 'Every subscription tier and its limits',
  response: z.array(SubscriptionTier),
});
export const createSubscriptionTier = operation({
  method: 'POST',
  path: '/api/subscriptionTier',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Create a tier',
  body: wrapped(SubscriptionTierInput),
  response: SubscriptionTier,
  status: 201,
});
export const updateSubscriptionTier = operation({
  method: 'POST',
  path: '/api/subscriptionTier/{key}',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Change a tier’s name or limits',
  params: KeyParams,
  body: wrapped(SubscriptionTierUpdateInput),
  response: SubscriptionTier,
});
export const deleteSubscriptionTier = operation({
  method: 'DELETE',
  path: '/api/subscriptionTier/{key}',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Delete a tier no account uses',
  params: KeyParams,
  response: OkResponse,
});

export const SubscriptionUsage = z.object({
  tier: SubscriptionTier,
  activeUsers: z.number().int(),
  locations: z.number().int(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsage>;
export const getSubscription = operation({
  method: 'GET',
  path: '/api/subscription',
  access: anyOf('account.manage'),
  tag: 'subscriptions',
  summary: 'The account’s tier, its limits and what is in use',
  response: SubscriptionUsage,
});
