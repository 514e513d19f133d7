import { lazy, Suspense, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@willow/contracts';
import { useFormState } from '../../components/form-state';
import { TextInput } from '../../components/text-input';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadSignInRequests, safeReturnUrl, useLogin } from './auth.api';

/** Shown only after a failed attempt: not part of the page's first load. */
const Alert = lazy(() => import('@mui/material/Alert'));

/** The sign-in rules and request load as soon as the person starts on the form, before Sign in. */
const prepare = () => void loadSignInRequests().catch(() => undefined);

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useFormState({ email: '', password: '' });
  const signIn = useLogin();
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    let rules;
    try {
      rules = await loadSignInRequests();
    } catch {
      return setFailure(MESSAGES.serverError);
    }
    const data = form.check(rules.LoginInput, form.values);
    if (!data) return;
    setFailure(undefined);
    signIn.mutate(data, {
      onSuccess: () => void navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true }),
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 400 }}>
        <Box
          component="form"
          noValidate
          onKeyDown={prepare}
          onPointerDown={prepare}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
                Willow
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>Sign in to your practice</Typography>
            </Box>
            {failure && (
              <Suspense fallback={<Typography role="alert" sx={{ color: 'error.main' }}>{failure}</Typography>}>
                <Alert severity="error">{failure}</Alert>
              </Suspense>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              value={form.values.email}
              onValueChange={(v) => form.set('email', v)}
              error={form.errors.email}
            />
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              value={form.values.password}
              onValueChange={(v) => form.set('password', v)}
              error={form.errors.password}
            />
            <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
              Sign in
            </Button>
            <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center', '& a': { color: 'primary.main' } }}>
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
              {' · '}
              <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>
            </Typography>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
