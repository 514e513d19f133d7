import type { ReactNode } from 'react';
import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalDocument({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ bgcolor: 'grey.100', minHeight: '100vh', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md">
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            Last updated {updated}
          </Typography>
          {sections.map((section) => (
            <Box component="section" key={section.heading} sx={{ mb: 3 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {section.heading}
              </Typography>
              <Typography component="div" variant="body1" sx={{ '& p': { mt: 0, mb: 1 } }}>
                {section.body}
              </Typography>
            </Box>
          ))}
          <Link component={RouterLink} to="/">
            Back to Willow
          </Link>
        </Paper>
      </Container>
    </Box>
  );
}
