import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSubscriptionTier,
  deleteSubscriptionTier,
  getSubscription,
  listSubscriptionTiers,
  updateSubscriptionTier,
} from '@willow/contracts';
import type { SubscriptionTierInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
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

function useInvalidateTiers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    // Account lists show tier names too.
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
}

export function useCreateTier() {
  const invalidate = useInvalidateTiers();
  return useMutation({
    mutationFn: (data: SubscriptionTierInput) => api(createSubscriptionTier, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateTier() {
  const invalidate = useInvalidateTiers();
  return useMutation({
    mutationFn: ({ key, ...data }: SubscriptionTierInput) =>
      api(updateSubscriptionTier, { params: { key }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTier() {
  const invalidate = useInvalidateTiers();
  return useMutation({
    mutationFn: (key: string) => api(deleteSubscriptionTier, { params: { key } }),
    onSuccess: invalidate,
  });
}

export const formatLimit = (limit: number | null) => (limit === null ? 'Unlimited' : String(limit));
