import { useQuery } from '@tanstack/react-query';
import { getGettingStarted, updateGettingStarted } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { profileKeys } from '../../lib/query-keys';

/** Whether the signed-in person put the Get started list away (kept with them on the server, decision 0193). */
export function useGettingStarted(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.gettingStarted(),
    queryFn: ({ signal }) => api(getGettingStarted, { signal }),
    enabled,
  });
}

export const useDismissGettingStarted = mutationOf(updateGettingStarted, {
  request: (_variables: void) => ({ body: { data: { dismissed: true } } }),
  // The answer is the whole state: written at once, so the list goes without waiting for a read.
  onSuccess: (result, _variables, queryClient) => queryClient.setQueryData(profileKeys.gettingStarted(), result),
  invalidates: [profileKeys.gettingStarted()],
});
