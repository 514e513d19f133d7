import { useEffect, useState } from 'react';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import type { DescribeTokenInput, TokenDescription } from '@willow/contracts';
import { loadSignInRequests } from './auth.api';
import { linkFailure } from './link-failure';

export type LinkState = { state: 'loading' } | { state: 'ready'; link: TokenDescription } | { state: 'failed'; message: string };

/** What an emailed link is for (its address and practice), read without using it up. */
export function useLinkDescription(token: string, kind?: DescribeTokenInput['kind']): LinkState {
  const [result, setResult] = useState<LinkState>({ state: 'loading' });
  useEffect(() => {
    if (!token) {
      setResult({ state: 'failed', message: SIGN_IN_MESSAGES.linkInvalid });
      return;
    }
    let current = true;
    setResult({ state: 'loading' });
    loadSignInRequests()
      .then((r) => r.describeTokenRequest(kind ? { token, kind } : { token }))
      .then(
        (link) => current && setResult({ state: 'ready', link }),
        (error: unknown) => current && setResult({ state: 'failed', message: linkFailure(error) }),
      );
    return () => {
      current = false;
    };
  }, [token, kind]);
  return result;
}
