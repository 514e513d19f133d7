import { useEffect, useRef, useState } from 'react';
import { Button, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadSignInRequests, useFinishSignIn } from './auth.api';
import { linkFailure } from './link-failure';
import { Notice } from './login-page';
import { SignInFrame } from './sign-in-frame';

/**
 * An emailed sign-in link. Opening the page (a GET) signs no one in: email scanners fetch links
 * without running scripts, and would use the link up. The page's script posts the token.
 */
export default function MagicLinkPage() {
  useDocumentTitle('Signing in');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const finish = useFinishSignIn();
  const [failure, setFailure] = useState<string>();
  // StrictMode runs effects twice in development; a link is good for one sign-in.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailure(SIGN_IN_MESSAGES.linkInvalid);
      return;
    }
    loadSignInRequests()
      .then((r) => r.magicLinkRequest(token))
      .then(
        (answer) => finish(answer, '/'),
        (error: unknown) => setFailure(linkFailure(error)),
      );
  }, [token, finish]);

  return (
    <SignInFrame subtitle="Sign in with an emailed link">
      {failure ? (
        <>
          <Notice severity="error">{failure}</Notice>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to sign in
          </Button>
        </>
      ) : (
        <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          Signing you in…
        </Typography>
      )}
    </SignInFrame>
  );
}
