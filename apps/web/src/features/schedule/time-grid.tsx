import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, MouseEvent as ReactMouseEvent } from 'react';
import { INACTIVE_STATUSES } from '@willow/contracts';
import type { ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';
import { dayHeading, formatClock, formatHour, openDayLabel } from './calendar-views';
import { instantAt, offsetOf, wallMinutes } from './day-frame';
import type { DayFrame } from './day-frame';
import { moveTarget, resizeTarget, selectionRange, SNAP_MINUTES } from './day-layout';
import type { PlacedItem } from './day-layout';
import { noteAuthorLabel, ownHourLabels } from './calendar-model';
import type { CalendarEvent, ColumnModel, GridModel, SlotItem } from './calendar-model';
import { OTHER, UNASSIGNED } from './calendar-filters';
import { GUTTER_WIDTH, MIN_DAY_WIDTH, MIN_PROVIDER_WIDTH, PX_PER_MINUTE } from './calendar-styles';
import { useEventCard } from './event-card';
import { EDIT_PATH, EventIcons, EventNames } from './event-icons';

const PX = PX_PER_MINUTE;
/** Pointer travel (px) that turns a press into a drag. */
const DRAG_THRESHOLD = 4;
/** Space kept free on the right of each day column, so empty time stays reachable beside busy hours. */
const FREE_EDGE = 14;
/** A click on empty time proposes this long an appointment. */
const CLICK_MINUTES = 30;

export interface GridActions {
  /** empty time was selected (click or drag) */
  /** `dragged`: the length was drawn, not a click's default */
  onCreate: (range: { start: number; end: number; providerId: string | null | undefined; dragged: boolean }) => void;
  onOpen: (appointmentId: string) => void;
  /** `columns`: in the providers view, the column it was drawn in and the provider's column it was dropped on (null: Unassigned) */
  onMove: (event: CalendarEvent, target: { start: number; end: number; columns?: { from: string; to: string | null } }) => void;
  onResize: (event: CalendarEvent, end: number) => void;
  /** right-click (or long press) on empty time */
  onContext: (at: { x: number; y: number; date: string; start: number; providerId: string | null | undefined; slot: ScheduleSlot | null }) => void;
  onOpenSlot: (slot: ScheduleSlot) => void;
  onOpenNote: (note: ScheduleNote) => void;
  onOpenDay: (date: string) => void;
}

interface TimeGridProps {
  grid: GridModel;
  providersView: boolean;
  today: string;
  providers: readonly SidebarProvider[];
  /** the location's, for the appointment card's times */
  timeZone: string;
  /** scrolls to the working morning when it changes (a new view or date), once `ready` */
  scrollKey: string;
  ready: boolean;
  actions: GridActions;
}

/** The provider an appointment created in a column gets: only the providers view says. */
function columnProvider(column: ColumnModel | undefined): string | null | undefined {
  if (!column?.providerId || column.providerId === OTHER) return undefined;
  return column.providerId === UNASSIGNED ? null : column.providerId;
}

interface Ghost {
  col: number;
  top: number;
  height: number;
  label: string;
  colour?: string;
}

type Interaction =
  | { kind: 'select'; pointerId: number; col: number; from: number; to: number; x: number; y: number; moved: boolean }
  | {
      kind: 'move';
      pointerId: number;
      event: CalendarEvent;
      col: number;
      /** minutes between the item's start and where it was grabbed */
      grab: number;
      el: HTMLElement;
      x: number;
      y: number;
      active: boolean;
      target: { col: number; start: number; end: number } | null;
    }
  | { kind: 'resize'; pointerId: number; event: CalendarEvent; col: number; el: HTMLElement; end: number | null };

const timeRange = (frame: DayFrame, from: number, to: number) =>
  `${formatClock(wallMinutes(frame, from))} – ${formatClock(wallMinutes(frame, to))}`;

/** Day, week and providers views: columns of elapsed time, with selecting, moving and resizing by pointer. */
export function TimeGrid({ grid, providersView, today, providers, timeZone, scrollKey, ready, actions }: TimeGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  const interaction = useRef<Interaction | null>(null);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const latest = useRef({ grid, actions });
  latest.current = { grid, actions };
  const eventCard = useEventCard({
    find: (id) => {
      for (const c of latest.current.grid.columns) {
        const hit = c.events.find((p) => p.item.id === id);
        if (hit) return hit.item;
      }
      return undefined;
    },
    busy: () => interaction.current !== null,
    providers,
    timeZone,
    onOpen: (id) => latest.current.actions.onOpen(id),
  });

  const n = grid.columns.length;
  const minWidth = providersView ? MIN_PROVIDER_WIDTH : MIN_DAY_WIDTH;
  const template = `${GUTTER_WIDTH}px repeat(${n}, minmax(${minWidth}px, 1fr))`;
  const height = grid.minutes * PX;

  // Open on the working morning (or earlier when something starts before it), once per view and date.
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || scrolledFor.current === scrollKey || !scrollRef.current) return;
    scrolledFor.current = scrollKey;
    const morning = grid.gutter.find((h) => h.wall === 7 * 60)?.offset ?? 0;
    let first = morning;
    for (const c of grid.columns) {
      if (c.events[0]) first = Math.min(first, c.events[0].top);
      if (c.slots[0]) first = Math.min(first, c.slots[0].top);
    }
    scrollRef.current.scrollTop = Math.max(0, first * PX - 12);
  }, [ready, scrollKey, grid]);

  const pointAt = (x: number, y: number, fixedCol?: number) => {
    const rect = colsRef.current!.getBoundingClientRect();
    const cols = latest.current.grid.columns.length;
    const col = fixedCol ?? Math.min(cols - 1, Math.max(0, Math.floor(((x - rect.left) / rect.width) * cols)));
    return { col, offset: (y - rect.top) / PX };
  };

  const autoScroll = (y: number) => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const rect = scroller.getBoundingClientRect();
    if (y < rect.top + 40) scroller.scrollTop -= 12;
    else if (y > rect.bottom - 24) scroller.scrollTop += 12;
  };

  const finish = (target: HTMLElement, pointerId: number) => {
    const current = interaction.current;
    if (current && (current.kind === 'move' || current.kind === 'resize')) delete current.el.dataset.dragging;
    interaction.current = null;
    setGhost(null);
    if (target.hasPointerCapture(pointerId)) target.releasePointerCapture(pointerId);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || interaction.current) return;
    const target = e.target as HTMLElement;
    if (target.closest('.wc-slot-edit')) return;
    eventCard.close();
    const { columns } = latest.current.grid;
    const colEl = target.closest<HTMLElement>('.wc-col');
    const col = colEl ? Number(colEl.dataset.index) : pointAt(e.clientX, e.clientY).col;
    const column = columns[col];
    if (!column) return;
    const { offset } = pointAt(e.clientX, e.clientY, col);
    const evEl = target.closest<HTMLElement>('[data-appointment-id]');
    if (evEl) {
      const placed = column.events.find((p) => p.item.id === evEl.dataset.appointmentId);
      if (!placed) return;
      const event = placed.item;
      if (target.closest('.wc-ev-resize')) {
        interaction.current = { kind: 'resize', pointerId: e.pointerId, event, col, el: evEl, end: null };
        evEl.dataset.dragging = 'true';
      } else {
        const grab = offset - offsetOf(column.frame, event.start);
        interaction.current = { kind: 'move', pointerId: e.pointerId, event, col, grab, el: evEl, x: e.clientX, y: e.clientY, active: false, target: null };
      }
    } else {
      interaction.current = { kind: 'select', pointerId: e.pointerId, col, from: offset, to: offset, x: e.clientX, y: e.clientY, moved: false };
    }
    // Touch keeps its scrolling; mouse and pen follow the pointer even outside the grid.
    if (e.pointerType !== 'touch') {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const current = interaction.current;
    if (!current || current.pointerId !== e.pointerId) return;
    const { columns } = latest.current.grid;
    if (current.kind === 'select') {
      const column = columns[current.col]!;
      current.to = pointAt(e.clientX, e.clientY, current.col).offset;
      if (!current.moved && Math.hypot(e.clientX - current.x, e.clientY - current.y) < DRAG_THRESHOLD) return;
      current.moved = true;
      const range = selectionRange(column.frame, current.from, current.to);
      const top = offsetOf(column.frame, range.start);
      const bottom = offsetOf(column.frame, range.end);
      setGhost({ col: current.col, top, height: bottom - top, label: timeRange(column.frame, top, bottom) });
    } else if (current.kind === 'move') {
      if (!current.active) {
        if (Math.hypot(e.clientX - current.x, e.clientY - current.y) < DRAG_THRESHOLD) return;
        current.active = true;
        current.el.dataset.dragging = 'true';
      }
      const { col, offset } = pointAt(e.clientX, e.clientY);
      const frame = columns[col]!.frame;
      const moved = moveTarget(current.event, frame, offset, current.grab);
      current.target = { col, ...moved };
      const top = offsetOf(frame, moved.start);
      const length = (moved.end - moved.start) / 60_000;
      setGhost({ col, top, height: Math.min(length, frame.minutes - top), label: timeRange(frame, top, top + length), colour: current.event.colour });
    } else {
      const column = columns[current.col]!;
      const { offset } = pointAt(e.clientX, e.clientY, current.col);
      current.end = resizeTarget(current.event, column.frame, offset);
      const top = Math.max(0, offsetOf(column.frame, current.event.start));
      const bottom = offsetOf(column.frame, current.end);
      setGhost({ col: current.col, top, height: bottom - top, label: timeRange(column.frame, offsetOf(column.frame, current.event.start), bottom), colour: current.event.colour });
    }
    autoScroll(e.clientY);
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const current = interaction.current;
    if (!current || current.pointerId !== e.pointerId) return;
    const { grid: g, actions: act } = latest.current;
    finish(e.currentTarget, e.pointerId);
    if (current.kind === 'select') {
      const column = g.columns[current.col];
      if (!column) return;
      const range = current.moved
        ? selectionRange(column.frame, current.from, current.to)
        : selectionRange(
            column.frame,
            Math.floor(current.from / SNAP_MINUTES) * SNAP_MINUTES,
            Math.floor(current.from / SNAP_MINUTES) * SNAP_MINUTES + CLICK_MINUTES,
          );
      act.onCreate({ ...range, providerId: columnProvider(column), dragged: current.moved });
    } else if (current.kind === 'move') {
      if (!current.active) return act.onOpen(current.event.id);
      const target = current.target;
      if (!target) return;
      const from = g.columns[current.col];
      const to = g.columns[target.col];
      const patch: { start: number; end: number; columns?: { from: string; to: string | null } } = { start: target.start, end: target.end };
      if (providersView && from?.providerId && to?.providerId && from.providerId !== to.providerId && to.providerId !== OTHER) {
        patch.columns = { from: from.providerId, to: to.providerId === UNASSIGNED ? null : to.providerId };
      }
      if (patch.start === current.event.start && !patch.columns) return;
      act.onMove(current.event, patch);
    } else if (current.end !== null && current.end !== current.event.end) {
      act.onResize(current.event, current.end);
    }
  };

  const onPointerCancel = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (interaction.current?.pointerId === e.pointerId) finish(e.currentTarget, e.pointerId);
  };

  const onContextMenu = (e: ReactMouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('[data-appointment-id], .wc-slot-edit')) return;
    e.preventDefault();
    const { columns } = latest.current.grid;
    const { col, offset } = pointAt(e.clientX, e.clientY);
    const column = columns[col];
    if (!column) return;
    const snapped = Math.min(Math.max(0, Math.floor(offset / SNAP_MINUTES) * SNAP_MINUTES), column.frame.minutes - SNAP_MINUTES);
    const slot = column.slots.find((p) => p.top <= offset && offset < p.top + p.height)?.item.slot ?? null;
    latest.current.actions.onContext({
      x: e.clientX,
      y: e.clientY,
      date: column.date,
      start: instantAt(column.frame, snapped),
      providerId: columnProvider(column),
      slot,
    });
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    eventCard.onKeyDown(e);
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId;
    if (!id) return;
    e.preventDefault();
    latest.current.actions.onOpen(id);
  };

  const gutterLabels = useMemo(
    () =>
      grid.gutter.map((h) =>
        h.offset === 0 ? null : (
          <div key={h.offset} className="wc-gutter-label" style={{ top: h.offset * PX }}>
            {formatHour(h.wall)}
          </div>
        ),
      ),
    [grid.gutter],
  );

  return (
    <div className="wc-scroll" ref={scrollRef}>
      <div style={{ minWidth: GUTTER_WIDTH + n * minWidth }}>
        <div className="wc-head">
          {providersView && grid.sharedNotes.length > 0 && (
            <div className="wc-shared-notes">
              {grid.sharedNotes.map((note) => (
                <NoteButton key={note.id} note={note} prefix={noteAuthorLabel(note, providers)} onOpen={actions.onOpenNote} />
              ))}
            </div>
          )}
          <div className="wc-head-row" style={{ gridTemplateColumns: template }}>
            <div className="wc-corner" />
            {grid.columns.map((c) => (
              <ColumnHeader
                key={c.key}
                column={c}
                providersView={providersView}
                today={c.date === today}
                providers={providers}
                onOpenNote={actions.onOpenNote}
                onOpenDay={actions.onOpenDay}
              />
            ))}
          </div>
        </div>
        <div className="wc-body" style={{ gridTemplateColumns: `${GUTTER_WIDTH}px 1fr`, height }}>
          <div className="wc-gutter" style={{ height }}>
            {gutterLabels}
          </div>
          <div
            className="wc-cols"
            ref={colsRef}
            style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))`, height }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onContextMenu={onContextMenu}
            onKeyDown={onKeyDown}
            {...eventCard.handlers}
          >
            {grid.columns.map((c, i) => (
              <DayColumn key={c.key} column={c} index={i} today={c.date === today} ownLabels={ownHourLabels(c, grid.gutter)} onOpenSlot={actions.onOpenSlot} />
            ))}
            <NowLine columns={grid.columns} />
            {ghost && (
              <div
                className={ghost.colour ? 'wc-ghost wc-colour' : 'wc-ghost'}
                data-colour={ghost.colour}
                data-testid="calendar-drag-preview"
                style={{
                  top: ghost.top * PX,
                  height: Math.max(ghost.height * PX, 16),
                  left: `calc(${(ghost.col / n) * 100}% + 2px)`,
                  width: `calc(${100 / n}% - ${FREE_EDGE}px)`,
                }}
              >
                {ghost.label}
              </div>
            )}
          </div>
        </div>
      </div>
      {eventCard.card}
    </div>
  );
}

function NoteButton({ note, prefix, onOpen }: { note: ScheduleNote; prefix: string | null; onOpen: (note: ScheduleNote) => void }) {
  const text = prefix ? `${prefix}: ${note.text}` : note.text;
  return (
    <button type="button" className="wc-note" data-testid="calendar-note" data-note-id={note.id} title={text} onClick={() => onOpen(note)}>
      {text}
    </button>
  );
}

const ColumnHeader = memo(function ColumnHeader({
  column,
  providersView,
  today,
  providers,
  onOpenNote,
  onOpenDay,
}: {
  column: ColumnModel;
  providersView: boolean;
  today: boolean;
  providers: readonly SidebarProvider[];
  onOpenNote: (note: ScheduleNote) => void;
  onOpenDay: (date: string) => void;
}) {
  const heading = dayHeading(column.date);
  return (
    <div className={today ? 'wc-head-cell wc-today' : 'wc-head-cell'}>
      {providersView ? (
        <div className="wc-provider-name" title={column.label}>
          {column.label}
        </div>
      ) : (
        <button type="button" className="wc-day-button" onClick={() => onOpenDay(column.date)} aria-label={openDayLabel(column.date, `${heading.weekday} ${heading.day}`)}>
          {/* The space keeps the two apart in the text the name must contain ("Sun 22"), not on screen. */}
          <span className="wc-day-weekday">{heading.weekday}</span>{' '}
          <span className="wc-day-number">{heading.day}</span>
        </button>
      )}
      {column.notes.map((note) => (
        <NoteButton key={note.id} note={note} prefix={providersView ? null : noteAuthorLabel(note, providers)} onOpen={onOpenNote} />
      ))}
    </div>
  );
});

function eventStyle(p: PlacedItem<unknown>): CSSProperties {
  return {
    top: p.top * PX,
    height: p.height * PX - 1,
    left: `calc((100% - ${FREE_EDGE}px) * ${p.lane / p.lanes})`,
    width: `calc((100% - ${FREE_EDGE}px) * ${p.span / p.lanes} - 1px)`,
  };
}

function slotStyle(p: PlacedItem<unknown>): CSSProperties {
  return {
    top: p.top * PX,
    height: p.height * PX,
    left: `${(p.lane / p.lanes) * 100}%`,
    width: `${(p.span / p.lanes) * 100}%`,
  };
}

const DayColumn = memo(function DayColumn({
  column,
  index,
  today,
  ownLabels,
  onOpenSlot,
}: {
  column: ColumnModel;
  index: number;
  today: boolean;
  ownLabels: boolean;
  onOpenSlot: (slot: ScheduleSlot) => void;
}) {
  const { frame } = column;
  const lines = useMemo(
    () =>
      frame.hours.map((h) => (
        <div key={h.offset} className="wc-line" style={{ top: h.offset * PX }}>
          {ownLabels && h.offset > 0 && <span className="wc-line-label">{formatHour(h.wall)}</span>}
        </div>
      )),
    [frame, ownLabels],
  );
  const slots = useMemo(() => column.slots.map((p) => <SlotBlock key={p.item.id} placed={p} frame={frame} onOpen={onOpenSlot} />), [column.slots, frame, onOpenSlot]);
  const events = useMemo(() => column.events.map((p) => <EventBlock key={p.item.id} placed={p} frame={frame} />), [column.events, frame]);
  return (
    <div
      className={today ? 'wc-col wc-today' : 'wc-col'}
      data-testid="calendar-day-column"
      data-date={column.date}
      data-provider-id={column.providerId ?? undefined}
      data-index={index}
    >
      {lines}
      {slots}
      {events}
    </div>
  );
});

function SlotBlock({ placed, frame, onOpen }: { placed: PlacedItem<SlotItem>; frame: DayFrame; onOpen: (slot: ScheduleSlot) => void }) {
  const { slot, services } = placed.item;
  const time = timeRange(frame, offsetOf(frame, placed.item.start), offsetOf(frame, placed.item.end));
  const text = `${services}${slot.capacity > 1 ? ` · ${slot.capacity} places` : ''}`;
  const label = `Edit schedule slot ${time}: ${text}`;
  // The slot is time to book: a click anywhere in it, its label included, goes to the grid (a new
  // appointment). Changing the slot is its own button, in the column's free right edge, which
  // appointments never cover.
  return (
    <div className="wc-slot" data-testid="calendar-slot" data-slot-id={slot.id} style={slotStyle(placed)}>
      <span className="wc-slot-label">{text}</span>
      <button type="button" className="wc-slot-edit" aria-label={label} title={label} onClick={() => onOpen(slot)}>
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={EDIT_PATH} fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}

/** Below this height a block has one line (the patient first); below the next, two. */
const ONE_LINE_PX = 24;
const TWO_LINES_PX = 46;

function EventBlock({ placed, frame }: { placed: PlacedItem<CalendarEvent>; frame: DayFrame }) {
  const e = placed.item;
  const a = e.appointment;
  const from = placed.continuesBefore ? null : wallMinutes(frame, offsetOf(frame, e.start));
  const to = wallMinutes(frame, offsetOf(frame, e.end));
  const time = from === null ? `… – ${formatClock(to)}` : `${formatClock(from)} – ${formatClock(to)}`;
  const height = placed.height * PX;
  const size = height < ONE_LINE_PX ? 'xs' : height < TWO_LINES_PX ? 's' : undefined;
  const who = <EventNames event={e} />;
  return (
    <div
      className="wc-ev wc-colour"
      data-testid="calendar-event"
      data-appointment-id={e.id}
      data-colour={e.colour}
      data-status={a.status}
      data-size={size}
      data-saving={e.saving || undefined}
      data-inactive={INACTIVE_STATUSES.includes(a.status) || undefined}
      data-cut-top={placed.continuesBefore || undefined}
      data-cut-bottom={placed.continuesAfter || undefined}
      role="button"
      tabIndex={0}
      style={eventStyle(placed)}
    >
      {size === 'xs' ? (
        <div className="wc-ev-line">
          <EventIcons event={e} />
          {who}
        </div>
      ) : (
        <>
          <div className="wc-ev-line">
            {/* Icons first: a narrow column cuts the line's end. */}
            <EventIcons event={e} />
            <span className="wc-ev-time">{time}</span>
          </div>
          <div className="wc-ev-line">{who}</div>
          {size === undefined && e.services && <div className="wc-ev-line">{e.services}</div>}
        </>
      )}
      {!placed.continuesAfter && !e.saving && <div className="wc-ev-resize" aria-hidden />}
    </div>
  );
}

/** The current time across today's column(s), moved on every minute. */
function NowLine({ columns }: { columns: readonly ColumnModel[] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const hits = columns.flatMap((c, i) => (c.frame.start <= now && now < c.frame.end ? [i] : []));
  if (!hits.length) return null;
  const n = columns.length;
  return (
    <div
      className="wc-now"
      aria-hidden
      style={{
        top: offsetOf(columns[hits[0]!]!.frame, now) * PX,
        left: `${(hits[0]! / n) * 100}%`,
        width: `${(hits.length / n) * 100}%`,
      }}
    />
  );
}
