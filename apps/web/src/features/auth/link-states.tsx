import { Button, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Notice } from './login-page';

export function LinkLoading() {
  return (
    <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-hidden />
      Checking the link…
    </Typography>
  );
}

/** A link that cannot be used, and the way to ask for a new one. */
export function LinkFailed({ message, again }: { message: string; again: { to: string; label: string } }) {
  return (
    <>
      <Notice severity="error">{message}</Notice>
      <Button component={RouterLink} to={again.to} variant="contained">
        {again.label}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center', '& a': { color: 'primary.main' } }}>
        <RouterLink to="/login">Back to sign in</RouterLink>
      </Typography>
    </>
  );
}
