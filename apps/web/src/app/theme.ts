import { createTheme } from '@mui/material/styles';

/**
 * A person who asks their system for less motion gets none (decision 0125): MUI's transitions
 * (dialogs, menus, drawers, collapses) take no time and draw no ripple. Read once at start-up, as
 * the setting rarely changes while the portal is open.
 */
const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const noMotion = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    // The portal's own CSS transitions (the navigation's width) and endless animations (spinners,
    // loading skeletons) stop too.
    MuiCssBaseline: {
      styleOverrides: {
        '*, *::before, *::after': { animationDuration: '0s !important', animationIterationCount: '1 !important', transitionDuration: '0s !important' },
      },
    },
  },
};

/**
 * MUI's default palette and breakpoints (xs 0, sm 600, md 900, lg 1200, xl 1536), unchanged,
 * with two colours a shade darker (decision 0039): MUI's warning orange (#ed6c02) and info blue
 * (#0288d1) carry white text at 3.1:1 and 3.9:1, below the 4.5:1 that small text needs, and the
 * status chips (Pending, Checked In…), warning buttons and calendar blocks use them. These keep the
 * hue and reach 5.0:1 and 4.8:1 both as a background under white and as text on white.
 */
export function portalTheme(reducedMotion: boolean) {
  return createTheme({
    palette: {
      warning: { main: '#b45309', contrastText: '#fff' },
      info: { main: '#0277bd', contrastText: '#fff' },
    },
    ...(reducedMotion ? noMotion : {}),
  });
}

export const theme = portalTheme(prefersReducedMotion);

/** Layout constants: navigation widths and its open/close transition. */
export const NAV_WIDTH = 210;
export const NAV_COLLAPSED_WIDTH = 68;
export const NAV_TRANSITION = 'width 0.25s';
export const CONTENT_MAX_WIDTH = 1440;
export const MOBILE_TOP_BAR_HEIGHT = 50;
