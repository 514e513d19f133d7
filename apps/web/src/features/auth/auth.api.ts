import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login, logout } from '@willow/contracts';
import type { LoginInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { clearAccountSelections } from '../../lib/settings';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: LoginInput) => api(login, { body: { data } }),
    // Whatever is cached belongs to whoever was signed in before.
    onSuccess: () => queryClient.clear(),
  });
}

/** Ends the session on the server (best effort) and forgets everything kept for it locally. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api(logout);
    } catch {
      // The cookie may already be gone or invalid; signing out locally is what matters.
    }
    queryClient.clear();
    clearAccountSelections();
  };
}

/** Only same-site paths: a crafted returnUrl must not send a freshly signed-in user elsewhere. */
export function safeReturnUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/logout')) return '/';
  return value;
}
