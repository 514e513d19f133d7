import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** buttons on the right; they wrap under the title on narrow screens */
  actions?: ReactNode;
}

/** Page title row; also sets the browser tab's title so every page does it the same way. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>{actions}</Box>}
    </Box>
  );
}
