import { useState } from 'react';
import type { ComponentType } from 'react';
import { Box, Paper, Tab, Tabs } from '@mui/material';
import type { Permission } from '@willow/contracts';
import { hasAnyPermission } from '@willow/contracts';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../app/session';

interface RegistryTab<P> {
  id: string;
  label: string;
  permissions?: readonly Permission[];
  element: ComponentType<P>;
}

interface RegistryTabsProps<P extends object> {
  /** accessible name of the tab list */
  label: string;
  tabs: readonly RegistryTab<P>[];
  props: P;
}

/**
 * Tabs contributed by features (client and patient pages). The open tab is kept in the URL
 * (?tab=) so a reload or a shared link opens the same one; only the open tab is mounted, so
 * each loads its data when first shown.
 */
export function RegistryTabs<P extends object>({ label, tabs, props }: RegistryTabsProps<P>) {
  const held = usePermissions();
  const visible = tabs.filter((t) => !t.permissions || hasAnyPermission(held, t.permissions));
  const [params, setParams] = useSearchParams();
  const [fallback] = useState(visible[0]?.id);
  const current = visible.find((t) => t.id === params.get('tab')) ?? visible.find((t) => t.id === fallback);
  if (!current) return null;
  const Element = current.element;
  return (
    <Paper variant="outlined">
      <Tabs
        value={current.id}
        onChange={(_, id: string) =>
          setParams(
            (p) => {
              p.set('tab', id);
              return p;
            },
            { replace: true },
          )
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {visible.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`tabpanel-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`tabpanel-${current.id}`} aria-labelledby={`tab-${current.id}`} sx={{ p: { xs: 1, sm: 2 } }}>
        <Element {...props} />
      </Box>
    </Paper>
  );
}
