import { useMemo } from 'react';
import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuBadge, MenuEntry } from '../feature-registry';
import { visibleMenu } from '../menu';
import { useRegistry } from '../registry-context';
import { usePermissions } from '../session';
import { AccountSelect } from './account-select';
import { LocationSelect } from './location-select';

function isActive(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

function NavBadge({ useCount, children }: { useCount: MenuBadge['useCount']; children: ReactNode }) {
  const count = useCount();
  return (
    <Badge badgeContent={count} color="error" max={99}>
      {children}
    </Badge>
  );
}

interface NavItemProps {
  entry: MenuEntry;
  collapsed: boolean;
  active: boolean;
  useCount: MenuBadge['useCount'] | undefined;
  onNavigate?: () => void;
}

function NavItem({ entry, collapsed, active, useCount, onNavigate }: NavItemProps) {
  const Icon = entry.icon;
  const icon = useCount ? (
    <NavBadge useCount={useCount}>
      <Icon fontSize="small" />
    </NavBadge>
  ) : (
    <Icon fontSize="small" />
  );
  return (
    <Tooltip title={collapsed ? entry.label : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={entry.path}
        selected={active}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        sx={{ minHeight: 40, px: 2, borderRadius: 1, mx: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, justifyContent: 'center' }}>{icon}</ListItemIcon>
        {!collapsed && <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />}
      </ListItemButton>
    </Tooltip>
  );
}

interface SideNavProps {
  collapsed: boolean;
  /** permanent drawer only: the saved collapse preference and its toggle */
  collapseToggle?: { navCollapsed: boolean; onToggle: () => void };
  onNavigate?: () => void;
}

export function SideNav({ collapsed, collapseToggle, onNavigate }: SideNavProps) {
  const registry = useRegistry();
  const permissions = usePermissions();
  const { pathname } = useLocation();
  const sections = useMemo(() => visibleMenu(registry.menu, { permissions }), [registry.menu, permissions]);
  const actions = registry.shellExtensions.filter((e) => e.action);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: collapsed ? 'column' : 'row',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          px: 1.5,
          py: collapsed ? 1 : 0,
          minHeight: 56,
        }}
      >
        {!collapsed && (
          <Typography variant="h6" component="div" sx={{ fontWeight: 700, color: 'primary.main', pl: 1, flex: 1 }}>
            Willow
          </Typography>
        )}
        {actions.map(({ id, action: Action }) => Action && <Action key={id} />)}
        {collapseToggle && (
          // Labelled by the saved preference, not the hover state: while hover-expanded it pins the drawer open.
          <IconButton
            size="small"
            onClick={collapseToggle.onToggle}
            aria-label={collapseToggle.navCollapsed ? 'Expand navigation' : 'Collapse navigation'}
          >
            {collapseToggle.navCollapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        )}
      </Box>
      <Stack spacing={1} sx={{ px: 1, pb: 1 }}>
        <LocationSelect collapsed={collapsed} />
        <AccountSelect collapsed={collapsed} />
      </Stack>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {sections.map(({ section, groups }) => (
          <List
            key={section}
            dense
            aria-label={section}
            subheader={
              collapsed ? (
                <Divider sx={{ my: 0.5 }} />
              ) : (
                <ListSubheader disableSticky sx={{ lineHeight: '32px', fontWeight: 600, bgcolor: 'transparent' }}>
                  {section}
                </ListSubheader>
              )
            }
          >
            {groups.map((group) => (
              <Box key={group.title ?? '_'}>
                {group.title && !collapsed && (
                  <Typography variant="caption" component="div" sx={{ px: 3, pt: 0.5, color: 'text.secondary' }}>
                    {group.title}
                  </Typography>
                )}
                {group.entries.map((entry) => (
                  <NavItem
                    key={entry.path}
                    entry={entry}
                    collapsed={collapsed}
                    active={isActive(pathname, entry.path)}
                    useCount={registry.badges.get(entry.path)}
                    onNavigate={onNavigate}
                  />
                ))}
              </Box>
            ))}
          </List>
        ))}
      </Box>
    </Box>
  );
}
