import { useState } from 'react';
import type { SignedIn } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { loadSignInRequests, useFinishSignIn } from './auth.api';
import { usedUpLink } from './link-failure';

type SignInRequests = Awaited<ReturnType<typeof loadSignInRequests>>;

/**
 * The send of a form an emailed link opens (a reset, a new practice, an invitation), which signs
 * the person in: `send` checks the form and answers undefined when it put errors under fields. A
 * failure is a link used up meanwhile (`linkGone`: the page says so), a field's problem under it,
 * or else the one error toast titled `title`.
 */
export function useLinkFormSubmit(opts: {
  title: string;
  showServerError: (error: unknown) => boolean;
  send: (r: SignInRequests) => Promise<SignedIn | undefined>;
  /** said on arrival instead of the outcome's own note */
  note?: string;
}) {
  const finish = useFinishSignIn();
  const [saving, setSaving] = useState(false);
  const [linkGone, setLinkGone] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      const answer = await opts.send(await loadSignInRequests());
      if (answer) finish(answer, '/', opts.note);
    } catch (error) {
      if (usedUpLink(error)) setLinkGone(true);
      else if (!opts.showServerError(error)) notifyError(opts.title, error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, linkGone, submit };
}
