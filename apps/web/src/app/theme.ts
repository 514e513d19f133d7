import { createTheme } from '@mui/material/styles';

/** MUI's default palette and breakpoints (xs 0, sm 600, md 900, lg 1200, xl 1536), as SPEC §9 asks. */
export const theme = createTheme();

/** SPEC §9 layout constants. */
export const NAV_WIDTH = 210;
export const NAV_COLLAPSED_WIDTH = 68;
export const NAV_TRANSITION = 'width 0.25s';
export const CONTENT_MAX_WIDTH = 1440;
export const MOBILE_TOP_BAR_HEIGHT = 50;
