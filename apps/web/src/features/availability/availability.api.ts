import { useQuery } from '@tanstack/react-query';
import { getAvailability, updateAvailability } from '@willow/contracts';
import type { AvailabilityInput, ProviderAvailability } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { scheduleKeys } from '../../lib/query-keys';

export function useProviderAvailability(userId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.availability(userId ?? ''),
    queryFn: ({ signal }) => api(getAvailability, { params: { id: userId! }, signal }),
    enabled: Boolean(userId),
  });
}

/** One add or remove; the answer is the provider's whole availability, which replaces the cached one. */
export const useUpdateAvailability = mutationOf(updateAvailability, {
  request: (data: AvailabilityInput, userId: string) => ({ params: { id: userId }, body: { data } }),
  onSuccess: (answer: ProviderAvailability, _data, queryClient, userId) => queryClient.setQueryData(scheduleKeys.availability(userId), answer),
  // The calendar's provider filter lists each provider's services, and slots list who is available.
  invalidates: [
    [...scheduleKeys.all, 'sidebar'],
    [...scheduleKeys.all, 'range'],
  ],
});
