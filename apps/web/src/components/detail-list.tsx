import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs of a record's header (client, patient), in columns that wrap on a phone. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  const shown = items.filter((i) => i.value !== null && i.value !== undefined && i.value !== '');
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
      }}
    >
      {shown.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
