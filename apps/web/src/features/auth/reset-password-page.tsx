import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import type { TokenDescription } from '@willow/contracts';
import { useFormState } from '../../components/form-state';
import { notifyError } from '../../lib/toasts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadSignInRequests, useFinishSignIn } from './auth.api';
import { usedUpLink } from './link-failure';
import { LinkFailed, LinkLoading } from './link-states';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { FrameForm, SignInFrame } from './sign-in-frame';
import { useLinkDescription } from './use-link-description';

/** The emailed reset link: a new password for the address it names; every other device is signed out. */
export default function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = useLinkDescription(token, 'forgotPassword');
  return (
    <SignInFrame subtitle="Set a new password">
      {link.state === 'loading' && <LinkLoading />}
      {link.state === 'failed' && <LinkFailed message={link.message} again={{ to: '/forgotPassword', label: 'Ask for a new link' }} />}
      {link.state === 'ready' && <ResetForm token={token} link={link.link} />}
    </SignInFrame>
  );
}

function ResetForm({ token, link }: { token: string; link: TokenDescription }) {
  const form = useFormState({ password: '', confirmPassword: '' });
  const finish = useFinishSignIn();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    const problems = newPasswordErrors(form.values, { email: link.email });
    if (problems) return form.setErrors(problems);
    setSaving(true);
    setFailure(undefined);
    try {
      const r = await loadSignInRequests();
      const data = form.check(r.ResetPasswordInput, { token, password: form.values.password });
      if (!data) return;
      finish(await r.resetPasswordRequest(data), '/', SIGN_IN_MESSAGES.passwordReset);
    } catch (error) {
      // The password's own problems go under it; a link used up meanwhile says so.
      if (usedUpLink(error)) setFailure(SIGN_IN_MESSAGES.linkInvalid);
      else if (!form.showServerError(error)) notifyError('Error setting the password', error);
    } finally {
      setSaving(false);
    }
  };

  if (failure) return <LinkFailed message={failure} again={{ to: '/forgotPassword', label: 'Ask for a new link' }} />;
  return (
    <FrameForm onSubmit={submit}>
      <Typography>
        For <strong>{link.email}</strong>
        {link.accountName && <> at {link.accountName}</>}
      </Typography>
      <NewPasswordFields values={form.values} errors={form.errors} onChange={form.set} email={link.email} autoFocus />
      <Button type="submit" variant="contained" size="large" loading={saving}>
        Set password and sign in
      </Button>
    </FrameForm>
  );
}
