import { useQueryClient } from '@tanstack/react-query';
import { clearAccountSelections } from '../../lib/settings';
import { loadSignInRequests } from './auth.api';

/** Ends the session on the server (best effort) and forgets everything kept for it locally. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await (await loadSignInRequests()).signOutRequest();
    } catch {
      // The cookie may already be gone or invalid; signing out locally is what matters.
    }
    queryClient.clear();
    clearAccountSelections();
  };
}
