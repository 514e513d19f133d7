import { alpha, darken, lighten } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import type { BadgeColour } from '@willow/contracts';
import { iconRules } from './event-icons';

/** Pixels per minute of the time grid (64 px an hour). */
export const PX_PER_MINUTE = 64 / 60;
export const GUTTER_WIDTH = 64;
/** Narrowest a day column gets before the grid scrolls sideways. */
export const MIN_DAY_WIDTH = 104;
export const MIN_PROVIDER_WIDTH = 150;
/** Space kept free on the right of each day column, so empty time stays reachable beside busy hours. */
export const FREE_EDGE = 14;
/**
 * Narrower than this (px), an appointment's block shows no text: its border and padding take 13 px,
 * which leaves room for a letter and an ellipsis at most. Its colour shows; its words are its name
 * (aria-label) and the card that opens on hover or focus (docs/decisions/0305).
 */
export const TEXT_MIN_WIDTH = 32;
/** The bottom edge (px) of an appointment's block that resizes it: a press there drags its end. */
export const RESIZE_EDGE = 7;
/** The slot's edit button, in the column's free right edge (time-grid FREE_EDGE is wider). */
const SLOT_EDIT_WIDTH = 12;

const COLOURS: readonly BadgeColour[] = ['warning', 'info', 'secondary', 'error', 'success'];

/** The class that colours a block (with `wc-colour`) in one of the status colours. */
export const colourClass = (colour: BadgeColour): string => `wc-c-${colour}`;
/** The class a block carries while it is dragged (the drag code sets it on the element, not React). */
export const DRAGGING = 'wc-dragging';

/**
 * The calendar's look, as one set of class rules on its root: each appointment is a plain div with
 * a class and its position in an inline style, so a week of a thousand of them costs no per-item
 * styling work. Colours come from the MUI palette names of STATUS_COLOURS.
 */
export function calendarStyles(theme: Theme): SystemStyleObject<Theme> {
  const { palette } = theme;
  const line = palette.divider;
  const colourRules: Record<string, SystemStyleObject<Theme>> = {};
  for (const c of COLOURS) {
    const main = palette[c].main;
    colourRules[`& .${colourClass(c)}`] = {
      backgroundColor: lighten(main, 0.82),
      borderColor: main,
      color: darken(main, 0.55),
    };
  }
  return {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    flex: 1,
    ...colourRules,
    '& .wc-scroll': { flex: 1, minHeight: 0, overflow: 'auto', position: 'relative', borderTop: `1px solid ${line}` },
    '& .wc-head': {
      position: 'sticky',
      top: 0,
      zIndex: 5,
      backgroundColor: palette.background.paper,
      borderBottom: `1px solid ${line}`,
    },
    '& .wc-head-row': { display: 'grid' },
    '& .wc-corner': { position: 'sticky', left: 0, backgroundColor: palette.background.paper, zIndex: 1 },
    '& .wc-head-cell': { borderLeft: `1px solid ${line}`, padding: '4px 4px 6px', minWidth: 0 },
    '& .wc-day-button': {
      all: 'unset',
      cursor: 'pointer',
      display: 'flex',
      alignItems: 'baseline',
      gap: '6px',
      borderRadius: 4,
      padding: '2px 4px',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
    },
    '& .wc-day-weekday': { fontSize: 12, color: palette.text.secondary, textTransform: 'uppercase' },
    '& .wc-day-number': { fontSize: 20, fontWeight: 500, lineHeight: 1.2 },
    '& .wc-today .wc-day-number': { color: palette.primary.main, fontWeight: 700 },
    '& .wc-provider-name': { fontSize: 14, fontWeight: 600, padding: '2px 4px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '& .wc-shared-notes': { display: 'flex', flexWrap: 'wrap', gap: '4px', padding: '4px 8px', borderBottom: `1px solid ${line}` },
    '& .wc-note': {
      all: 'unset',
      boxSizing: 'border-box',
      display: 'block',
      maxWidth: '100%',
      marginTop: '2px',
      padding: '1px 6px',
      borderRadius: 4,
      fontSize: 12,
      lineHeight: 1.4,
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      backgroundColor: alpha(palette.warning.main, 0.16),
      color: palette.text.primary,
      '&:hover': { backgroundColor: alpha(palette.warning.main, 0.28) },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
    },
    '& .wc-body': { display: 'grid', position: 'relative' },
    '& .wc-gutter': { position: 'sticky', left: 0, zIndex: 4, backgroundColor: palette.background.paper },
    '& .wc-gutter-label, & .wc-line-label': {
      position: 'absolute',
      fontSize: 11,
      lineHeight: 1,
      color: palette.text.secondary,
      whiteSpace: 'nowrap',
      transform: 'translateY(-50%)',
    },
    '& .wc-gutter-label': { right: 8 },
    '& .wc-line-label': { left: 2, zIndex: 1, backgroundColor: alpha(palette.background.paper, 0.8), padding: '0 2px' },
    '& .wc-cols': { display: 'grid', position: 'relative', userSelect: 'none', WebkitUserSelect: 'none', cursor: 'crosshair' },
    '& .wc-col': { position: 'relative', borderLeft: `1px solid ${line}`, minWidth: 0 },
    '& .wc-col.wc-today': { backgroundColor: alpha(palette.primary.main, 0.035) },
    '& .wc-line': { position: 'absolute', left: 0, right: 0, height: 0, borderTop: `1px solid ${alpha(line, 0.6)}` },
    '& .wc-void': {
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      background: `repeating-linear-gradient(135deg, ${palette.action.hover} 0 6px, transparent 6px 12px)`,
    },
    '& .wc-slot': {
      position: 'absolute',
      zIndex: 1,
      boxSizing: 'border-box',
      pointerEvents: 'none',
      backgroundColor: alpha(palette.success.main, 0.07),
      borderLeft: `3px solid ${alpha(palette.success.main, 0.45)}`,
      borderTop: `1px dashed ${alpha(palette.success.main, 0.45)}`,
    },
    // The label is part of the slot's time: clicks go through it to the grid (a new appointment).
    '& .wc-slot-label': {
      display: 'block',
      boxSizing: 'border-box',
      maxWidth: `calc(100% - ${SLOT_EDIT_WIDTH}px)`,
      padding: '0 4px',
      fontSize: 11,
      lineHeight: '16px',
      color: darken(palette.success.main, 0.35),
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .wc-slot-edit': {
      all: 'unset',
      boxSizing: 'border-box',
      position: 'absolute',
      top: 0,
      bottom: 0,
      right: 1,
      width: SLOT_EDIT_WIDTH,
      minHeight: 16,
      display: 'flex',
      justifyContent: 'center',
      paddingTop: '2px',
      borderRadius: 3,
      pointerEvents: 'auto',
      cursor: 'pointer',
      color: darken(palette.success.main, 0.35),
      backgroundColor: alpha(palette.success.main, 0.16),
      '& svg': { width: 10, height: 10 },
      '&:hover': { backgroundColor: alpha(palette.success.main, 0.4) },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, backgroundColor: alpha(palette.success.main, 0.4) },
    },
    // The appointments' lanes: the column less its free edge. Its size is the column's, so its
    // layout is its own: a slice of blocks added to one column lays out that column's lanes only.
    // A stacking context above the slots, as the blocks were each (not clipping: a block's focus
    // ring and shadow go past it).
    '& .wc-lanes': {
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: 0,
      right: FREE_EDGE,
      zIndex: 2,
      contain: 'size layout style',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
    },
    // Placed by its margins and size (time-grid-columns.tsx eventStyle), not positioned; sized from
    // outside (contain: size). Neither clipped nor contained in layout or paint when it has no text
    // (wc-narrow): each of those would make it a paint layer of its own (decision 0307).
    '& .wc-ev': {
      flex: 'none',
      contain: 'size style',
      boxSizing: 'border-box',
      overflow: 'hidden',
      padding: '1px 4px 0 5px',
      borderRadius: 4,
      borderLeft: '4px solid',
      boxShadow: `0 0 0 1px ${palette.background.paper}`,
      fontSize: 12,
      lineHeight: '15px',
      cursor: 'pointer',
      '&.wc-narrow': { overflow: 'visible' },
      '&:hover': { position: 'relative', zIndex: 1, boxShadow: `0 0 0 1px ${palette.background.paper}, ${theme.shadows[2]}` },
      '&:focus-visible': { position: 'relative', outline: `2px solid ${palette.primary.main}`, zIndex: 1 },
      [`&.${DRAGGING}`]: { opacity: 0.35 },
      '&.wc-saving': { opacity: 0.75, backgroundImage: `repeating-linear-gradient(135deg, ${alpha('#fff', 0.5)} 0 6px, transparent 6px 12px)` },
      '&.wc-inactive .wc-ev-names': { textDecoration: 'line-through' },
      '&.wc-cut-top': { borderTopLeftRadius: 0, borderTopRightRadius: 0 },
      '&.wc-cut-bottom': { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
    },
    // A block of a quarter hour has room for one line only, from its very top.
    '& .wc-ev.wc-xs': { paddingTop: 0, lineHeight: '14px' },
    '& .wc-ev-line': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .wc-ev-time': { fontWeight: 600 },
    '& .wc-ev-patient': { fontWeight: 700 },
    '& .wc-ev-icons': { display: 'inline-flex', gap: '2px', verticalAlign: '-2px', margin: '0 3px' },
    '& .wc-ev-line > .wc-ev-icons:first-child, & .wc-mev > .wc-ev-icons:first-child': { marginLeft: 0 },
    ...iconRules,
    '& .wc-icon': { ...iconRules['& .wc-icon'], width: 12, height: 12 },
    '& .wc-icon-alert': { color: palette.error.main },
    // The bottom edge's resize cursor, under the pointer only (time-grid-columns.tsx onResizeEdge).
    '& .wc-ev:hover:not(.wc-cut-bottom):not(.wc-saving)::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: RESIZE_EDGE,
      cursor: 'ns-resize',
    },
    '& .wc-ghost': {
      position: 'absolute',
      zIndex: 6,
      boxSizing: 'border-box',
      pointerEvents: 'none',
      padding: '1px 5px',
      borderRadius: 4,
      border: `2px dashed ${palette.primary.main}`,
      backgroundColor: alpha(palette.primary.main, 0.14),
      color: palette.primary.dark,
      fontSize: 12,
      fontWeight: 600,
      lineHeight: '15px',
      overflow: 'hidden',
    },
    '& .wc-now': { position: 'absolute', zIndex: 4, height: 0, borderTop: `2px solid ${palette.error.main}`, pointerEvents: 'none' },
    // Month view
    '& .wc-month': { flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', overflow: 'auto', borderTop: `1px solid ${line}` },
    '& .wc-month-weekday': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      position: 'sticky',
      top: 0,
      zIndex: 1,
      backgroundColor: palette.background.paper,
      fontSize: 12,
      color: palette.text.secondary,
      textTransform: 'uppercase',
      padding: '4px 6px',
      borderLeft: `1px solid ${line}`,
      borderBottom: `1px solid ${line}`,
    },
    '& .wc-mcell': {
      minHeight: 112,
      minWidth: 0,
      padding: '2px 4px 4px',
      borderLeft: `1px solid ${line}`,
      borderBottom: `1px solid ${line}`,
      cursor: 'pointer',
      userSelect: 'none',
    },
    '& .wc-mcell.wc-outside': { backgroundColor: palette.action.hover, color: palette.text.secondary },
    '& .wc-mcell.wc-today': { backgroundColor: alpha(palette.primary.main, 0.05) },
    '& .wc-mcell[data-drop="true"]': { outline: `2px dashed ${palette.primary.main}`, outlineOffset: -2 },
    // A phone's day is about 50 px wide: the slot count goes under the day number rather than over the next day.
    '& .wc-mcell-head': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: '4px', minWidth: 0 },
    '& .wc-mcell-day': {
      all: 'unset',
      cursor: 'pointer',
      fontSize: 13,
      fontWeight: 600,
      minWidth: 22,
      height: 22,
      lineHeight: '22px',
      textAlign: 'center',
      borderRadius: 11,
      '&:hover': { backgroundColor: palette.action.selected },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
    },
    '& .wc-mcell.wc-today .wc-mcell-day': { backgroundColor: palette.primary.main, color: palette.primary.contrastText },
    '& .wc-mcell-slots': {
      fontSize: 11,
      color: darken(palette.success.main, 0.35),
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      maxWidth: '100%',
    },
    '& .wc-mev': {
      display: 'block',
      boxSizing: 'border-box',
      marginTop: '2px',
      padding: '0 4px',
      borderRadius: 3,
      borderLeft: '3px solid',
      fontSize: 12,
      lineHeight: '18px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      cursor: 'pointer',
      [`&.${DRAGGING}`]: { opacity: 0.35 },
      '&.wc-saving': { opacity: 0.75 },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
    },
    '& .wc-more': {
      all: 'unset',
      cursor: 'pointer',
      display: 'block',
      marginTop: '2px',
      fontSize: 12,
      fontWeight: 600,
      color: palette.text.secondary,
      '&:hover': { textDecoration: 'underline' },
    },
    '& .wc-month-ghost': {
      position: 'fixed',
      zIndex: theme.zIndex.tooltip,
      pointerEvents: 'none',
      maxWidth: 220,
      boxShadow: theme.shadows[4],
    },
  };
}
