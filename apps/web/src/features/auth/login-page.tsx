import { useState } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoginInput } from '@willow/contracts';
import { TextInput, useFormState } from '../../components/form-fields';
import { useDocumentTitle } from '../../lib/use-document-title';
import { safeReturnUrl, useLogin } from './auth.api';

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useFormState({ email: '', password: '' });
  const signIn = useLogin();
  const [failure, setFailure] = useState<string>();

  const submit = () => {
    const data = form.check(LoginInput, form.values);
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
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack spacing={2}>
            <Box>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
                Willow
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>Sign in to your practice</Typography>
            </Box>
            {failure && <Alert severity="error">{failure}</Alert>}
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
            <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
              <Link component={RouterLink} to="/terms-of-service">
                Terms of Service
              </Link>
              {' · '}
              <Link component={RouterLink} to="/privacy-policy">
                Privacy Policy
              </Link>
            </Typography>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
