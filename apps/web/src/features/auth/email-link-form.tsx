import { useState, type ReactNode } from 'react';
import { Button, Typography } from '@mui/material';
import { MESSAGES, type EmailSentAnswer } from '@willow/contracts';
import type { z } from 'zod';
import { useFormState } from '../../components/form-state';
import { TextInput } from '../../components/text-input';
import { loadSignInRequests } from './auth.api';
import { Notice } from './login-page';
import { SignInFrame } from './sign-in-frame';

type SignInRequests = Awaited<ReturnType<typeof loadSignInRequests>>;

/**
 * A page that asks for an address and emails it a link (a password reset, a new practice's
 * confirmation): the server's answer is the same whoever the address belongs to, so the page
 * shows it as it comes and nothing else.
 */
export function EmailLinkForm(props: {
  subtitle: string;
  intro: string;
  autoComplete: 'username' | 'email';
  initialEmail?: string;
  /** the request's rule for the address and the request itself, from the lazily loaded requests */
  request: (r: SignInRequests) => { schema: z.ZodType<{ email: string }>; send: (email: string) => Promise<EmailSentAnswer> };
  footer: ReactNode;
}) {
  const form = useFormState({ email: props.initialEmail ?? '' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    setFailure(undefined);
    setSending(true);
    try {
      const { schema, send } = props.request(await loadSignInRequests());
      const data = form.check(schema, form.values);
      if (!data) return;
      setSent((await send(data.email)).message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : MESSAGES.serverError);
    } finally {
      setSending(false);
    }
  };

  return (
    <SignInFrame
      subtitle={props.subtitle}
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
            {props.intro}
          </Typography>
          <TextInput
            label="Email"
            type="email"
            autoComplete={props.autoComplete}
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
        {props.footer}
      </Typography>
    </SignInFrame>
  );
}
