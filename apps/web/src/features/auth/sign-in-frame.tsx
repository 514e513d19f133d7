import type { FormHTMLAttributes, ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface SignInFrameProps {
  subtitle: ReactNode;
  /** the form's own handlers (submit, the first key press that loads the rules) */
  formProps?: FormHTMLAttributes<HTMLFormElement>;
  /** wider for the longer forms (a new practice) */
  maxWidth?: number;
  children: ReactNode;
}

/** The card every page without a session draws its form in: the name, what the page is for, the legal links. */
export function SignInFrame({ subtitle, formProps, maxWidth = 400, children }: SignInFrameProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth }}>
        <Box component={formProps ? 'form' : 'div'} {...(formProps ? { noValidate: true, ...formProps } : {})}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
                Willow
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{subtitle}</Typography>
            </Box>
            {children}
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

/** A form inside a frame drawn without one (the pages whose form shows once a link is checked). */
export function FrameForm({ onSubmit, children }: { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
    </Box>
  );
}
