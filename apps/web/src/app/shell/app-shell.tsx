import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { AppBar, Box, Drawer, IconButton, Toolbar, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import { matchPath, Outlet, useLocation } from 'react-router';
import { updateSettings, useSettings } from '../../lib/settings';
import { useRegistry } from '../registry-context';
import {
  CONTENT_MAX_WIDTH,
  MOBILE_TOP_BAR_HEIGHT,
  NAV_COLLAPSED_WIDTH,
  NAV_TRANSITION,
  NAV_WIDTH,
} from '../theme';
import { AccountBanner } from './account-banner';
import { announceAccountSwitch } from './account-switch';
import { ShellAction } from './shell-action';
import { SideNav } from './side-nav';

/** Pages that manage their own scrolling (calendars, chat) fill the viewport height. */
function useFixedHeight(pathname: string): boolean {
  const { routes } = useRegistry();
  return useMemo(() => routes.some((r) => r.fixedHeight && matchPath(r.path, pathname)), [routes, pathname]);
}

/** The layout: permanent, collapsible drawer from lg up; temporary drawer and a top bar below. */
export function AppShell() {
  const theme = useTheme();
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { navCollapsed, navHidden } = useSettings();
  const [hovered, setHovered] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  // One function for the drawer's life: the menu's items are drawn again only when what they show changes.
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const fixedHeight = useFixedHeight(pathname);
  const { shellExtensions } = useRegistry();
  const shellActions = shellExtensions.filter((e) => e.action);

  useEffect(() => announceAccountSwitch(), []);
  // A page change on a phone should reveal the page, not leave the drawer over it.
  useEffect(() => setMobileOpen(false), [pathname]);

  // Hovering widens the drawer over the content without touching the saved preference.
  const showExpanded = !navCollapsed || hovered;
  const reservedWidth = navHidden ? 0 : navCollapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  const paperWidth = showExpanded ? NAV_WIDTH : NAV_COLLAPSED_WIDTH;
  const topBarHeight = isLarge ? 0 : MOBILE_TOP_BAR_HEIGHT;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {!isLarge && (
        <AppBar position="fixed" color="default" elevation={1}>
          <Toolbar disableGutters sx={{ minHeight: `${MOBILE_TOP_BAR_HEIGHT}px !important`, height: MOBILE_TOP_BAR_HEIGHT, px: 1 }}>
            <Tooltip title="Menu">
              <IconButton aria-label="Menu" onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            </Tooltip>
            <Typography variant="h6" component="div" sx={{ flex: 1, textAlign: 'center', fontWeight: 700, color: 'primary.main' }}>
              Willow
            </Typography>
            {shellActions.map(({ id, action }) => action && <ShellAction key={id} action={action} />)}
            <Tooltip title="Refresh">
              <IconButton aria-label="Refresh" onClick={() => void queryClient.invalidateQueries()}>
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Toolbar>
        </AppBar>
      )}

      {isLarge && !navHidden && (
        <Box sx={{ width: reservedWidth, flexShrink: 0, transition: NAV_TRANSITION }}>
          <Drawer
            variant="permanent"
            open
            onMouseEnter={() => navCollapsed && setHovered(true)}
            onMouseLeave={() => setHovered(false)}
            slotProps={{
              paper: {
                sx: { width: paperWidth, transition: NAV_TRANSITION, overflowX: 'hidden', boxSizing: 'border-box' },
              },
            }}
          >
            <SideNav
              collapsed={!showExpanded}
              collapseToggle={{
                navCollapsed,
                onToggle: () => {
                  setHovered(false);
                  updateSettings((s) => ({ navCollapsed: !s.navCollapsed }));
                },
              }}
            />
          </Drawer>
        </Box>
      )}

      {!isLarge && (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          // The open drawer is a dialog: named after the button that opens it.
          slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: NAV_WIDTH, boxSizing: 'border-box' } } }}
          ModalProps={{ keepMounted: true }}
        >
          <SideNav collapsed={false} onNavigate={closeMobile} />
        </Drawer>
      )}

      {/* A column beside the navigation: the account banner (outside main, on every page), then the page. */}
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          pt: `${topBarHeight}px`,
          display: 'flex',
          flexDirection: 'column',
          ...(fixedHeight ? { height: '100vh', overflow: 'hidden', boxSizing: 'border-box' } : {}),
        }}
      >
        <Box sx={{ position: 'sticky', top: topBarHeight, zIndex: (t) => t.zIndex.appBar - 1 }}>
          <AccountBanner />
        </Box>
        <Box component="main" sx={{ flex: '1 1 auto', minHeight: 0 }}>
          <Box
            sx={{
              maxWidth: CONTENT_MAX_WIDTH,
              mx: 'auto',
              p: { xs: 1.5, sm: 2, md: 3 },
              ...(fixedHeight ? { height: '100%', boxSizing: 'border-box' } : {}),
            }}
          >
            <Outlet />
          </Box>
        </Box>
      </Box>
      {/* Extensions load in chunks of their own (a dialog, a listener): nothing to show meanwhile. */}
      <Suspense fallback={null}>{shellExtensions.map(({ id, element: Element }) => Element && <Element key={id} />)}</Suspense>
    </Box>
  );
}
