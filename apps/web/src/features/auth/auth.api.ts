import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@willow/contracts';

/** The requests and the sign-in rules, loaded on first use (see sign-in-requests.ts). */
export const loadSignInRequests = () => import('./sign-in-requests');

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: LoginInput) => (await loadSignInRequests()).signInRequest(data),
    // Whatever is cached belongs to whoever was signed in before.
    onSuccess: () => queryClient.clear(),
  });
}

/** Only same-site paths: a crafted returnUrl must not send a freshly signed-in user elsewhere. */
export function safeReturnUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/logout')) return '/';
  return value;
}
