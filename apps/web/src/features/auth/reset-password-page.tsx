import { Button, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import type { TokenDescription } from '@willow/contracts';
import { useFormState } from '../../components/form-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LinkFailed, LinkLoading } from './link-states';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { FrameForm, SignInFrame } from './sign-in-frame';
import { useLinkDescription } from './use-link-description';
import { useLinkFormSubmit } from './use-link-form-submit';

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
  const { saving, linkGone, submit } = useLinkFormSubmit({
    title: 'Error setting the password',
    showServerError: form.showServerError,
    note: SIGN_IN_MESSAGES.passwordReset,
    send: async (r) => {
      const problems = newPasswordErrors(form.values, { email: link.email });
      if (problems) return void form.setErrors(problems);
      const data = form.check(r.ResetPasswordInput, { token, password: form.values.password });
      return data && r.resetPasswordRequest(data);
    },
  });

  if (linkGone) return <LinkFailed message={SIGN_IN_MESSAGES.linkInvalid} again={{ to: '/forgotPassword', label: 'Ask for a new link' }} />;
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
