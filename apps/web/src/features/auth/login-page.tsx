import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MESSAGES } from '@willow/contracts';
import type { LoginMethod } from '@willow/contracts';
import { useFormState } from '../../components/form-state';
import { TextInput } from '../../components/text-input';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadSignInRequests, safeReturnUrl, useFinishSignIn, useLogin, useSignInOptions } from './auth.api';
import { SignInFrame } from './sign-in-frame';

/** Shown only after a failed attempt or a sent email: not part of the page's first load. */
const Alert = lazy(() => import('@mui/material/Alert'));

/** The sign-in rules and requests load as soon as the person starts on the form, before Continue. */
const prepare = () => void loadSignInRequests().catch(() => undefined);

/**
 * The steps of signing in, email first (SPEC §2): the address, then how to prove it is theirs (the
 * password, or a code or a link by email); nothing the server says before that tells whether the
 * address has a user (docs/decisions/0086).
 */
export type SignInStep = 'email' | 'password' | 'code';

/**
 * The emailed code's length (the contract's OTP_LENGTH, checked equal in the page's test): the
 * contract module holds schemas, which the page's first load does without (docs/decisions/0038).
 */
export const CODE_LENGTH = 6;

/** Between the ways of signing in; a word, not MUI's Divider, which the first load does without. */
function Or() {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
      or
    </Typography>
  );
}

export function Notice({ severity, children }: { severity: 'error' | 'info' | 'success'; children: ReactNode }) {
  const color = severity === 'error' ? 'error.main' : 'text.primary';
  return (
    <Suspense fallback={<Typography role={severity === 'error' ? 'alert' : 'status'} sx={{ color }}>{children}</Typography>}>
      <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
        {children}
      </Alert>
    </Suspense>
  );
}

/** Where "Continue with Google" goes: the address typed so far, if any, and where to go after. */
export function googleStart(email: string, returnUrl: string): string {
  const query = new URLSearchParams({ ...(email && { email }), returnUrl });
  return `/api/auth/google?${query}`;
}

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const options = useSignInOptions();
  const form = useFormState({ email: searchParams.get('email') ?? '', password: '', code: '' });
  const [step, setStep] = useState<SignInStep>('email');
  const signIn = useLogin();
  const finish = useFinishSignIn();
  const [busy, setBusy] = useState<'continue' | LoginMethod | 'verify'>();
  // A refusal from Google comes back in the address (its callback redirects here).
  const [failure, setFailure] = useState<string | undefined>(searchParams.get('error') ?? undefined);
  const [notice, setNotice] = useState<string>();
  // Each code sent (the first, or a new one) puts the focus in its field: the person types it at
  // once. The field takes the password field's place, so React keeps the one element and its
  // autoFocus never runs; and the button pressed is disabled while it sends, which drops the focus.
  const codeField = useRef<HTMLInputElement>(null);
  const [codesSent, setCodesSent] = useState(0);
  useEffect(() => {
    if (codesSent > 0) codeField.current?.focus();
  }, [codesSent]);

  const rules = async () => {
    try {
      return await loadSignInRequests();
    } catch {
      setFailure(MESSAGES.serverError);
      return undefined;
    }
  };

  const continueWithEmail = async () => {
    const r = await rules();
    if (!r || !form.check(r.ForgotPasswordInput, { email: form.values.email })) return;
    setFailure(undefined);
    setStep('password');
  };

  const signInWithPassword = async () => {
    const r = await rules();
    if (!r) return;
    const data = form.check(r.LoginInput, { email: form.values.email, password: form.values.password });
    if (!data) return;
    setFailure(undefined);
    signIn.mutate(data, {
      onSuccess: () => finish({ outcome: 'hasValidAccount' }, returnUrl),
      onError: (error) => setFailure(error.message),
    });
  };

  const emailMe = async (method: LoginMethod) => {
    const r = await rules();
    if (!r) return;
    setBusy(method);
    setFailure(undefined);
    setNotice(undefined);
    try {
      const answer = await r.signInEmailRequest(form.values.email.trim(), method);
      setNotice(answer.message);
      if (method === 'passwordless') {
        form.set('code', '');
        setStep('code');
        setCodesSent((n) => n + 1);
      }
    } catch (error) {
      setFailure(error instanceof Error ? error.message : MESSAGES.serverError);
    } finally {
      setBusy(undefined);
    }
  };

  const verify = async () => {
    const r = await rules();
    if (!r) return;
    const data = form.check(r.VerifyCodeInput, { email: form.values.email, code: form.values.code });
    if (!data) return;
    setBusy('verify');
    setFailure(undefined);
    try {
      finish(await r.verifyCodeRequest(data), returnUrl);
    } catch (error) {
      // A wrong or expired code is about the code: it goes under its field.
      if (!form.showServerError(error)) form.setErrors({ code: error instanceof Error ? error.message : MESSAGES.serverError });
      setBusy(undefined);
    }
  };

  const changeEmail = () => {
    setStep('email');
    setNotice(undefined);
    setFailure(undefined);
    form.set('password', '');
  };

  const submit = () => {
    if (step === 'email') return continueWithEmail();
    if (step === 'password') return signInWithPassword();
    return verify();
  };

  const email = form.values.email.trim();
  return (
    <SignInFrame
      subtitle="Sign in to your practice"
      formProps={{
        onKeyDown: prepare,
        onPointerDown: prepare,
        onSubmit: (e) => {
          e.preventDefault();
          void submit();
        },
      }}
    >
      {failure && <Notice severity="error">{failure}</Notice>}
      {notice && <Notice severity="info">{notice}</Notice>}
      {step === 'email' ? (
        <>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={form.values.email}
            onValueChange={(v) => form.set('email', v)}
            error={form.errors.email}
          />
          <Button type="submit" variant="contained" size="large">
            Continue
          </Button>
          {options.google && (
            <>
              <Or />
              {/* The address typed so far tells the server whose practice's Google client to use (docs/decisions/0144). */}
              <Button variant="outlined" size="large" href={googleStart(email, returnUrl)}>
                Continue with Google
              </Button>
            </>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center', '& a': { color: 'primary.main' } }}>
            <RouterLink to="/onboarding">New practice? Set it up</RouterLink>
          </Typography>
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{email}</Typography>
            <Button size="small" onClick={changeEmail} aria-label={`Change the email address ${email}`}>
              Change
            </Button>
          </Box>
          {/* Lets password managers tie the password to the right sign-in. */}
          <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
          {step === 'password' ? (
            <>
              <TextInput
                label="Password"
                type="password"
                autoComplete="current-password"
                autoFocus
                value={form.values.password}
                onValueChange={(v) => form.set('password', v)}
                error={form.errors.password}
              />
              <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
                Sign in
              </Button>
              <Typography variant="body2" sx={{ textAlign: 'center', '& a': { color: 'primary.main' } }}>
                <RouterLink to={`/forgotPassword?email=${encodeURIComponent(email)}`}>Forgot password?</RouterLink>
              </Typography>
            </>
          ) : (
            <>
              <TextInput
                label={`${CODE_LENGTH}-digit code`}
                autoComplete="one-time-code"
                inputRef={codeField}
                value={form.values.code}
                onValueChange={(v) => form.set('code', v)}
                error={form.errors.code}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CODE_LENGTH, pattern: '[0-9]*' } }}
              />
              <Button type="submit" variant="contained" size="large" loading={busy === 'verify'}>
                Verify
              </Button>
              <Button variant="text" onClick={() => void emailMe('passwordless')} loading={busy === 'passwordless'}>
                Send a new code
              </Button>
              <Button variant="text" onClick={() => setStep('password')}>
                Use the password instead
              </Button>
            </>
          )}
          {step === 'password' && options.email && (
            <>
              <Or />
              <Button variant="outlined" onClick={() => void emailMe('passwordless')} loading={busy === 'passwordless'}>
                Email me a code
              </Button>
              <Button variant="outlined" onClick={() => void emailMe('magic-link')} loading={busy === 'magic-link'}>
                Email me a sign-in link
              </Button>
            </>
          )}
        </>
      )}
    </SignInFrame>
  );
}
