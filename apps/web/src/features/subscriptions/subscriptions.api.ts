import { useQuery } from '@tanstack/react-query';
import {
  createSubscriptionTier,
  deleteSubscriptionTier,
  getSubscription,
  listSubscriptionTiers,
  updateSubscriptionTier,
} from '@willow/contracts';
import type { SubscriptionTierInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { accountKeys, subscriptionKeys } from '../../lib/query-keys';

export function useSubscriptionUsage() {
  return useQuery({
    queryKey: subscriptionKeys.usage(),
    queryFn: ({ signal }) => api(getSubscription, { signal }),
  });
}

export function useSubscriptionTiers() {
  return useQuery({
    queryKey: subscriptionKeys.tiers(),
    queryFn: ({ signal }) => api(listSubscriptionTiers, { signal }),
  });
}

const TIER_CHANGE = [
  subscriptionKeys.all,
  // Account lists show tier names too.
  accountKeys.all,
];

export const useCreateTier = mutationOf(createSubscriptionTier, {
  request: (data: SubscriptionTierInput) => ({ body: { data } }),
  invalidates: TIER_CHANGE,
});

export const useUpdateTier = mutationOf(updateSubscriptionTier, {
  request: ({ key, ...data }: SubscriptionTierInput) => ({ params: { key }, body: { data } }),
  invalidates: TIER_CHANGE,
});

export const useDeleteTier = mutationOf(deleteSubscriptionTier, { request: (key: string) => ({ params: { key } }), invalidates: TIER_CHANGE });

export const formatLimit = (limit: number | null) => (limit === null ? 'Unlimited' : String(limit));
