import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { getSignInOptions, LoginInput, SignedIn, SignInOptions } from '@willow/contracts';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { api } from '../../lib/http-client';
import { notifySuccess } from '../../lib/toasts';

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

/**
 * The options request without its schema: the sign-in page asks for it while it draws, and
 * importing the operation would bring zod and the contracts with it (docs/decisions/0038). Its
 * method and path are checked against the contract's in auth.api.test.ts.
 */
export const signInOptionsOperation = { method: 'GET', path: '/api/auth/options' } as unknown as typeof getSignInOptions;

const NO_OPTIONS: SignInOptions = { email: false, google: false };

/** Which sign-in methods this portal offers; none beyond the password until the server says so. */
export function useSignInOptions(): SignInOptions {
  const [options, setOptions] = useState<SignInOptions>(NO_OPTIONS);
  useEffect(() => {
    const controller = new AbortController();
    api(signInOptionsOperation, { signal: controller.signal }).then(setOptions, () => undefined);
    return () => controller.abort();
  }, []);
  return options;
}

/**
 * Shown once after a code, a link or Google signed in someone who has no password: they may go
 * on signing in that way, or set one (docs/decisions/0093).
 */
export const NO_PASSWORD_YET_NOTE = 'You are signed in. You have no password yet: keep signing in with an emailed code or link, or set one with “Forgot password?” on the sign-in page.';

/**
 * What every successful sign-in does before leaving its page: forget what was cached for whoever
 * was signed in before, say so when the person has no password yet, and go where they were headed.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (answer: Pick<SignedIn, 'outcome'>, to: string, note?: string) => {
    queryClient.clear();
    if (note) notifySuccess(note);
    else if (answer.outcome === 'hasValidAccountNoPassword') toast(NO_PASSWORD_YET_NOTE, { id: NO_PASSWORD_YET_NOTE, duration: 8000 });
    void navigate(to, { replace: true });
  };
}

/** The pages that sign a person in: going back to one after signing in would start over. */
const SIGN_IN_PAGES = ['/login', '/logout', '/magicLink', '/forgotPassword', '/resetPassword', '/onboarding'];

/** Only same-site paths: a crafted returnUrl must not send a freshly signed-in user elsewhere. */
export function safeReturnUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  const path = value.split(/[?#]/)[0]!;
  if (SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return '/';
  return value;
}
