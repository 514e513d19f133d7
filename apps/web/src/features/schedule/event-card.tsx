import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusEvent as ReactFocusEvent, KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { Box, Button, Paper, Popper, Stack, Typography } from '@mui/material';
import { localDate, localMinutes } from '@willow/contracts';
import type { SidebarProvider } from '@willow/contracts';
import { AppointmentStatusChip } from '../appointments/appointment-status-chip';
import { NextStatusButton } from '../appointments/next-status-button';
import type { CalendarEvent } from './calendar-model';
import { providerName } from './calendar-filters';
import { formatClock, formatLocalDate } from './calendar-views';
import { EventIcons, iconRules } from './event-icons';

/** How long the pointer rests on a block before its card opens, and may be away before it closes. */
const OPEN_DELAY = 350;
const CLOSE_DELAY = 200;

const BLOCK = '[data-appointment-id]';
const TABBABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface Shown {
  id: string;
  anchor: HTMLElement;
  /** opened by keyboard focus (stays while the focus is on the block or in the card) */
  focus: boolean;
}

export interface EventCardOptions {
  /** the drawn appointment by id (the latest one: it may have changed since the card opened) */
  find: (id: string) => CalendarEvent | undefined;
  /** a drag is under way: no card */
  busy: () => boolean;
  providers: readonly SidebarProvider[];
  timeZone: string;
  onOpen: (appointmentId: string) => void;
}

/**
 * The summary card of the appointment block under the pointer or with the keyboard focus. One card
 * for the whole grid, drawn only while open, so the blocks themselves stay plain divs. The
 * container's handlers are delegated (a block is any `[data-appointment-id]` inside it).
 */
export function useEventCard(options: EventCardOptions) {
  const [shown, setShown] = useState<Shown | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const timer = useRef<number | undefined>(undefined);
  const cardRef = useRef<HTMLDivElement | null>(null);
  // While the card's next-status button asks something (a portal dialog) or saves, the card holds:
  // the pointer and the focus leave it for the dialog, and closing it would take the question along.
  const [held, setHeld] = useState(false);
  const heldRef = useRef(held);
  heldRef.current = held;

  const clear = () => window.clearTimeout(timer.current);
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setShown(null);
  }, []);
  const later = (fn: () => void, ms: number) => {
    clear();
    timer.current = window.setTimeout(fn, ms);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Esc closes it wherever the focus is (a hover card leaves the focus where it was).
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || heldRef.current) return;
      e.preventDefault();
      setShown(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);

  const blockOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(BLOCK) : null);

  const onPointerOver = (e: ReactPointerEvent) => {
    if (e.pointerType === 'touch') return;
    const block = blockOf(e.target);
    if (!block) return;
    const current = shownRef.current;
    if (current?.anchor === block) return clear();
    if (latest.current.busy()) return;
    const id = block.dataset.appointmentId!;
    const grid = e.currentTarget as HTMLElement;
    later(() => {
      if (latest.current.busy()) return;
      // The block may have been drawn anew while the pointer rested on it (the week's data answered
      // again): the card opens on the one drawn now, where the pointer still is.
      const anchor = block.isConnected ? block : grid.querySelector<HTMLElement>(`[data-appointment-id="${CSS.escape(id)}"]`);
      if (anchor) setShown({ id, anchor, focus: false });
    }, current ? 0 : OPEN_DELAY);
  };
  const onPointerOut = (e: ReactPointerEvent) => {
    const block = blockOf(e.target);
    if (!block || block.contains(e.relatedTarget as Node | null)) return;
    const current = shownRef.current;
    if (!current) return clear();
    if (heldRef.current || (current.focus && current.anchor === document.activeElement)) return;
    later(() => setShown(null), CLOSE_DELAY);
  };
  const onFocus = (e: ReactFocusEvent) => {
    const block = e.target instanceof HTMLElement && e.target.matches(BLOCK) ? e.target : null;
    if (!block || latest.current.busy()) return;
    clear();
    setShown({ id: block.dataset.appointmentId!, anchor: block, focus: true });
  };
  const onBlur = (e: ReactFocusEvent) => {
    const current = shownRef.current;
    if (!current?.focus || e.target !== current.anchor || heldRef.current) return;
    if (cardRef.current?.contains(e.relatedTarget as Node | null)) return;
    setShown(null);
  };
  /** Tab from a block with its card open goes into the card: the card's actions are the block's. */
  const onKeyDown = (e: ReactKeyboardEvent) => {
    const current = shownRef.current;
    if (e.key !== 'Tab' || e.shiftKey || !current || e.target !== current.anchor) return;
    const first = cardRef.current?.querySelector<HTMLElement>(TABBABLE);
    if (!first) return;
    e.preventDefault();
    first.focus();
  };

  const onCardKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const current = shownRef.current;
    if (!current) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setShown(null);
      current.anchor.focus({ preventScroll: true });
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    if (e.shiftKey && document.activeElement === items[0]) {
      e.preventDefault();
      current.anchor.focus({ preventScroll: true });
    } else if (!e.shiftKey && document.activeElement === items.at(-1)) {
      // On past the card: to whatever follows the block on the page.
      e.preventDefault();
      setShown(null);
      const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !e.currentTarget.contains(el) && el.offsetParent !== null);
      const next = all[all.indexOf(current.anchor) + 1];
      (next ?? current.anchor).focus();
    }
  };

  const event = shown ? latest.current.find(shown.id) : undefined;
  const card: ReactNode =
    shown && event && shown.anchor.isConnected ? (
      <Popper
        open
        anchorEl={shown.anchor}
        placement="right-start"
        // Under the dialog its button opened, above everything else.
        sx={(t) => ({ zIndex: held ? t.zIndex.modal - 1 : t.zIndex.tooltip })}
        modifiers={[{ name: 'offset', options: { offset: [0, 6] } }, { name: 'flip', options: { fallbackPlacements: ['left-start', 'bottom-start', 'top-start'] } }]}
      >
        <Paper
          ref={cardRef}
          elevation={6}
          role="dialog"
          aria-label="Appointment summary"
          data-testid="calendar-event-card"
          onPointerEnter={clear}
          onPointerLeave={() => !shown.focus && !heldRef.current && later(() => setShown(null), CLOSE_DELAY)}
          onBlur={(e) => {
            if (heldRef.current) return;
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget !== shown.anchor) setShown(null);
          }}
          onKeyDown={onCardKeyDown}
          sx={{ p: 1.5, width: 280, maxWidth: 'calc(100vw - 16px)' }}
        >
          <EventSummary
            event={event}
            providers={options.providers}
            timeZone={options.timeZone}
            onOpen={() => (close(), options.onOpen(event.id))}
            onEngagedChange={setHeld}
          />
        </Paper>
      </Popper>
    ) : null;

  // `handlers` go on the container as they are; onKeyDown is called from the view's own key handler.
  return { handlers: { onPointerOver, onPointerOut, onFocus, onBlur }, onKeyDown, card, close };
}

function EventSummary({
  event,
  providers,
  timeZone,
  onOpen,
  onEngagedChange,
}: {
  event: CalendarEvent;
  providers: readonly SidebarProvider[];
  timeZone: string;
  onOpen: () => void;
  onEngagedChange: (engaged: boolean) => void;
}) {
  const a = event.appointment;
  const nameOf = (id: string | null) => {
    if (id === null) return null;
    const p = providers.find((x) => x.id === id);
    return p ? providerName(p) : 'Another provider';
  };
  const primary = nameOf(a.primaryProviderId);
  const secondary = nameOf(a.secondaryProviderId);
  const startDay = localDate(event.start, timeZone);
  const endDay = localDate(event.end, timeZone);
  const time = `${formatClock(localMinutes(event.start, timeZone))} – ${formatClock(localMinutes(event.end, timeZone))}`;
  return (
    <Stack spacing={0.75}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {a.patients.length ? a.patients.map((p) => p.name).join(', ') : 'No patient'}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {event.client}
          </Typography>
        </Box>
        {/* The card is drawn outside the calendar (a portal), so its icons are styled here. */}
        <Box
          sx={{
            color: 'text.secondary',
            ...iconRules,
            '& .wc-ev-icons': { display: 'inline-flex', gap: 0.5 },
            '& .wc-icon': { ...iconRules['& .wc-icon'], width: 18, height: 18 },
            '& .wc-icon-alert': { color: 'error.main' },
          }}
        >
          <EventIcons event={event} />
        </Box>
      </Box>
      <Typography variant="body2">
        {formatLocalDate(startDay)}
        {endDay !== startDay ? ` – ${formatLocalDate(endDay)}` : ''}, {time}
      </Typography>
      {event.services && <Typography variant="body2">{event.services}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {primary ?? 'No provider yet'}
        {secondary && ` · assisted by ${secondary}`}
      </Typography>
      {a.address && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {a.address}
        </Typography>
      )}
      {event.alerts.length > 0 && (
        <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600 }}>
          Alerts: {event.alerts.join(', ')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: 0.5 }}>
        <AppointmentStatusChip status={a.status} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={onOpen}>
          Open
        </Button>
        <NextStatusButton appointment={a} size="small" onEngagedChange={onEngagedChange} />
      </Box>
    </Stack>
  );
}
