import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MESSAGES } from '@willow/contracts';
import { useFormState } from '../../components/form-state';
import { TextInput } from '../../components/text-input';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadSignInRequests } from './auth.api';
import { Notice } from './login-page';
import { SignInFrame } from './sign-in-frame';

/** Asks for the address to send a reset link to; the answer is the same whoever it belongs to. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [searchParams] = useSearchParams();
  const form = useFormState({ email: searchParams.get('email') ?? '' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    setFailure(undefined);
    setSending(true);
    try {
      const r = await loadSignInRequests();
      const data = form.check(r.ForgotPasswordInput, form.values);
      if (!data) return;
      setSent((await r.forgotPasswordRequest(data)).message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : MESSAGES.serverError);
    } finally {
      setSending(false);
    }
  };

  return (
    <SignInFrame
      subtitle="Set a new password"
      formProps={{
        onSubmit: (e) => {
          e.preventDefault();
          void submit();
        },
      }}
    >
      {failure && <Notice severity="error">{failure}</Notice>}
      {sent ? (
        <Notice severity="success">{sent}</Notice>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Enter the email address you sign in with, and we will email you a link to set a new password.
          </Typography>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={form.values.email}
            onValueChange={(v) => form.set('email', v)}
            error={form.errors.email}
          />
          <Button type="submit" variant="contained" size="large" loading={sending}>
            Email me a link
          </Button>
        </>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center', '& a': { color: 'primary.main' } }}>
        <RouterLink to="/login">Back to sign in</RouterLink>
      </Typography>
    </SignInFrame>
  );
}
