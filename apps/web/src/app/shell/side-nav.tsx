import { Fragment, lazy, memo, Suspense, useMemo } from 'react';
import type { RefObject } from 'react';
import type { ComponentType, ReactNode } from 'react';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  List,
  ListItem,
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
import type { MenuBadge, MenuContext, MenuEntry } from '../feature-registry';
import { ShellAction } from './shell-action';
import { visibleMenu } from '../menu';
import { useRegistry } from '../registry-context';
import { useMenuContext } from '../menu-context';
import { useLatest } from '../../lib/use-latest';
import { AccountSelect } from './account-select';
import { LocationSelect } from './location-select';

function isActive(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

type CountBadge = ComponentType<{ children: ReactNode }>;
const countBadges = new Map<MenuBadge['loadCount'], CountBadge>();

/** The badge drawn around an entry's icon, made once per badge when its count hook has loaded. */
function countBadge(loadCount: MenuBadge['loadCount']): CountBadge {
  let badge = countBadges.get(loadCount);
  if (!badge) {
    badge = lazy(() =>
      loadCount().then((useCount) => ({
        default: function NavCount({ children }: { children: ReactNode }) {
          return (
            <Badge badgeContent={useCount()} color="error" max={99}>
              {children}
            </Badge>
          );
        },
      })),
    );
    countBadges.set(loadCount, badge);
  }
  return badge;
}

function NavBadge({ loadCount, children }: { loadCount: MenuBadge['loadCount']; children: ReactNode }) {
  const Count = countBadge(loadCount);
  return (
    <Suspense fallback={children}>
      <Count>{children}</Count>
    </Suspense>
  );
}

interface NavItemProps {
  entry: MenuEntry;
  collapsed: boolean;
  /**
   * The drawer may draw itself narrow (the saved preference): the item then names itself in a
   * tooltip. Decided by the preference, not by `collapsed`, which changes on hover: the item keeps
   * its element (and any focus) while the drawer widens under the pointer.
   */
  tooltip: boolean;
  active: boolean;
  loadCount: MenuBadge['loadCount'] | undefined;
  /** what the menu's rules see now, read when an action entry is chosen (not a prop, so a change draws no item again) */
  contextRef: RefObject<MenuContext>;
  onNavigate?: () => void;
}

const itemSx = { minHeight: 40, px: 2, borderRadius: 1, mx: 0.5 };

/**
 * One entry of the menu, drawn again only when what it shows changes: every page load draws the
 * menu once and redraws the drawer when the menu's data arrives (decision 0323).
 */
const NavItem = memo(function NavItem({ entry, collapsed, tooltip, active, loadCount, contextRef, onNavigate }: NavItemProps) {
  const Icon = entry.icon;
  const icon = loadCount ? (
    <NavBadge loadCount={loadCount}>
      <Icon fontSize="small" />
    </NavBadge>
  ) : (
    <Icon fontSize="small" />
  );
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, justifyContent: 'center' }}>{icon}</ListItemIcon>
      {!collapsed && <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />}
    </>
  );
  const button = entry.onSelect ? (
    // An action in place (e.g. opening the help widget): a button, not a link.
    <ListItemButton
      onClick={() => {
        onNavigate?.();
        entry.onSelect(contextRef.current);
      }}
      sx={itemSx}
    >
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton component={RouterLink} to={entry.path} selected={active} onClick={onNavigate} aria-current={active ? 'page' : undefined} sx={itemSx}>
      {content}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {tooltip ? (
        <Tooltip title={collapsed ? entry.label : ''} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
});

interface SideNavProps {
  collapsed: boolean;
  /** permanent drawer only: the saved collapse preference and its toggle */
  collapseToggle?: { navCollapsed: boolean; onToggle: () => void };
  onNavigate?: () => void;
}

export function SideNav({ collapsed, collapseToggle, onNavigate }: SideNavProps) {
  const registry = useRegistry();
  const context = useMenuContext();
  const contextRef = useLatest(context);
  const { pathname } = useLocation();
  const sections = useMemo(() => visibleMenu(registry.menu, context), [registry.menu, context]);
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
        {actions.map(({ id, action }) => action && <ShellAction key={id} action={action} />)}
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
        {/* Valid list markup: only <li> inside each section's <ul> (a group title is an item of its own). */}
        {sections.map(({ section, groups }) => (
          <Fragment key={section}>
            {collapsed && <Divider sx={{ my: 0.5 }} />}
            <List
              dense
              aria-label={section}
              subheader={
                collapsed ? undefined : (
                  <ListSubheader disableSticky sx={{ lineHeight: '32px', fontWeight: 600, bgcolor: 'transparent' }}>
                    {section}
                  </ListSubheader>
                )
              }
            >
              {groups.map((group) => (
                <Fragment key={group.title ?? '_'}>
                  {group.title && !collapsed && (
                    <Typography variant="caption" component="li" sx={{ display: 'block', px: 3, pt: 0.5, color: 'text.secondary' }}>
                      {group.title}
                    </Typography>
                  )}
                  {group.entries.map((entry) => (
                    <NavItem
                      key={entry.path ?? entry.label}
                      entry={entry}
                      collapsed={collapsed}
                      tooltip={collapseToggle?.navCollapsed ?? false}
                      active={entry.path !== undefined && isActive(pathname, entry.path)}
                      loadCount={entry.path === undefined ? undefined : registry.badges.get(entry.path)}
                      contextRef={contextRef}
                      onNavigate={onNavigate}
                    />
                  ))}
                </Fragment>
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
