// The day, week and providers views' grid: lays the columns out and owns the pointer
// interactions (select, move, resize) and the ghost they draw; what is drawn inside each column
// is in time-grid-columns.tsx.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, MouseEvent as ReactMouseEvent } from 'react';
import type { BadgeColour, ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';
import { formatHour } from './calendar-views';
import { instantAt, offsetOf } from './day-frame';
import { moveTarget, resizeTarget, selectionRange, SNAP_MINUTES } from './day-layout';
import { noteAuthorLabel, ownHourLabels } from './calendar-model';
import type { CalendarEvent, ColumnModel, GridModel } from './calendar-model';
import { OTHER, UNASSIGNED } from './calendar-filters';
import { DRAGGING, FREE_EDGE, GUTTER_WIDTH, MIN_DAY_WIDTH, MIN_PROVIDER_WIDTH, PX_PER_MINUTE, colourClass } from './calendar-styles';
import { useEventCard } from './event-card';
import { ColumnHeader, DayColumn, NoteButton, NowLine, onResizeEdge, timeRange } from './time-grid-columns';
import { columnLimits, useSlicedDrawing } from './use-sliced-drawing';

const PX = PX_PER_MINUTE;
/** Pointer travel (px) that turns a press into a drag. */
const DRAG_THRESHOLD = 4;
/** A click on empty time proposes this long an appointment. */
const CLICK_MINUTES = 30;

export interface GridActions {
  /** empty time was selected (click or drag) */
  /** `dragged`: the length was drawn, not a click's default */
  /** `slot`: the schedule slot the selection starts in, if any (the provider it names books it) */
  onCreate: (range: { start: number; end: number; providerId: string | null | undefined; dragged: boolean; slot: ScheduleSlot | null }) => void;
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
  /** called in the commit that has drawn every appointment of the range (they are drawn in slices) */
  onDrawn: () => void;
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
  colour?: BadgeColour;
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

/** Day, week and providers views: columns of elapsed time, with selecting, moving and resizing by pointer. */
export function TimeGrid({ grid, providersView, today, providers, timeZone, scrollKey, ready, actions, onDrawn }: TimeGridProps) {
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

  // The columns' width, as laid out: a block too narrow for words draws none. Measured when the
  // grid is first laid out (before the range's appointments arrive) and whenever it changes size.
  const [colsWidth, setColsWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = colsRef.current;
    if (!el) return;
    const measure = () => setColsWidth(Math.round(el.getBoundingClientRect().width) || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const colWidth = colsWidth === null ? null : Math.floor(colsWidth / n);

  const lengths = grid.columns.map((c) => c.events.length);
  // Laid out in each slice's commit, so the last one's mark comes after the blocks are laid out as they are seen.
  const limit = useSlicedDrawing(`${scrollKey}|${ready}`, lengths.reduce((a, b) => a + b, 0), onDrawn, () => colsRef.current?.getBoundingClientRect());
  const limits = columnLimits(lengths, limit);

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
    if (current && (current.kind === 'move' || current.kind === 'resize')) current.el.classList.remove(DRAGGING);
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
      if (onResizeEdge(evEl, e.clientY)) {
        interaction.current = { kind: 'resize', pointerId: e.pointerId, event, col, el: evEl, end: null };
        evEl.classList.add(DRAGGING);
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
        current.el.classList.add(DRAGGING);
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
      const from = Math.min(current.from, current.to);
      const slot = column.slots.find((p) => p.top <= from && from < p.top + p.height)?.item.slot ?? null;
      act.onCreate({ ...range, providerId: columnProvider(column), dragged: current.moved, slot });
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
              <DayColumn key={c.key} column={c} index={i} limit={limits[i]} width={colWidth} today={c.date === today} ownLabels={ownHourLabels(c, grid.gutter)} onOpenSlot={actions.onOpenSlot} />
            ))}
            <NowLine columns={grid.columns} />
            {ghost && (
              <div
                className={ghost.colour ? `wc-ghost wc-colour ${colourClass(ghost.colour)}` : 'wc-ghost'}
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
