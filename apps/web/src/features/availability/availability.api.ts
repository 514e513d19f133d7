import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAvailability, updateAvailability } from '@willow/contracts';
import type { AvailabilityInput, ProviderAvailability } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { scheduleKeys } from '../../lib/query-keys';

export function useProviderAvailability(userId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.availability(userId ?? ''),
    queryFn: ({ signal }) => api(getAvailability, { params: { id: userId! }, signal }),
    enabled: Boolean(userId),
  });
}

/** One add or remove; the answer is the provider's whole availability, which replaces the cached one. */
export function useUpdateAvailability(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: AvailabilityInput) => api(updateAvailability, { params: { id: userId }, body: { data } }),
    onSuccess: (answer: ProviderAvailability) => {
      queryClient.setQueryData(scheduleKeys.availability(userId), answer);
      // The calendar's provider filter lists each provider's services, and slots list who is available.
      void queryClient.invalidateQueries({ queryKey: [...scheduleKeys.all, 'sidebar'] });
      void queryClient.invalidateQueries({ queryKey: [...scheduleKeys.all, 'range'] });
    },
  });
}
