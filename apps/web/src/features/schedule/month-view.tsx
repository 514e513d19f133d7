import { memo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { ScheduleNote, SidebarProvider } from '@willow/contracts';
import { formatClock, openDayLabel, weekdayNames } from './calendar-views';
import { offsetOf, wallMinutes } from './day-frame';
import { noteAuthorLabel } from './calendar-model';
import type { CalendarEvent, MonthCell } from './calendar-model';
import { DRAGGING, colourClass } from './calendar-styles';
import { useEventCard } from './event-card';
import { EventIcons, EventNames } from './event-icons';

/** Appointments listed in a day before '+N more'. */
const VISIBLE_PER_DAY = 3;
const DRAG_THRESHOLD = 4;

export interface MonthActions {
  onOpen: (appointmentId: string) => void;
  onOpenDay: (date: string) => void;
  onOpenNote: (note: ScheduleNote) => void;
  /** an appointment was dropped on another day: same wall-clock time there */
  onMoveToDay: (event: CalendarEvent, date: string) => void;
  /** a click on the empty part of a day: what to add there */
  onDayMenu: (at: { x: number; y: number; date: string }) => void;
}

interface Drag {
  pointerId: number;
  event: CalendarEvent;
  from: string;
  el: HTMLElement;
  x: number;
  y: number;
  active: boolean;
  over: HTMLElement | null;
}

function startLabel(cell: MonthCell, e: CalendarEvent): string {
  if (e.start < cell.frame.start) return '…';
  return formatClock(wallMinutes(cell.frame, offsetOf(cell.frame, e.start)));
}

export function MonthView({
  cells,
  month,
  today,
  providers,
  timeZone,
  actions,
}: {
  cells: readonly MonthCell[];
  /** 'YYYY-MM' of the month shown; other days are drawn as outside it */
  month: string;
  today: string;
  providers: readonly SidebarProvider[];
  timeZone: string;
  actions: MonthActions;
}) {
  const drag = useRef<Drag | null>(null);
  const [ghost, setGhost] = useState<{ x: number; y: number; event: CalendarEvent } | null>(null);
  const latest = useRef(actions);
  latest.current = actions;
  const cellsRef = useRef(cells);
  cellsRef.current = cells;
  const eventCard = useEventCard({
    find: (id) => {
      for (const c of cellsRef.current) {
        const hit = c.events.find((e) => e.id === id);
        if (hit) return hit;
      }
      return undefined;
    },
    busy: () => drag.current !== null,
    providers,
    timeZone,
    onOpen: (id) => latest.current.onOpen(id),
  });

  const cellAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest<HTMLElement>('.wc-mcell') ?? null;
  const setOver = (d: Drag, cell: HTMLElement | null) => {
    if (d.over === cell) return;
    if (d.over) delete d.over.dataset.drop;
    if (cell) cell.dataset.drop = 'true';
    d.over = cell;
  };
  const end = (target: HTMLElement, pointerId: number) => {
    const d = drag.current;
    if (d) {
      d.el.classList.remove(DRAGGING);
      setOver(d, null);
    }
    drag.current = null;
    setGhost(null);
    if (target.hasPointerCapture(pointerId)) target.releasePointerCapture(pointerId);
  };

  const eventOf = (el: HTMLElement) => {
    const date = el.closest<HTMLElement>('.wc-mcell')?.dataset.date;
    const cell = cells.find((c) => c.date === date);
    return { cell, event: cell?.events.find((e) => e.id === el.dataset.appointmentId) };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || drag.current) return;
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]');
    if (!el) return;
    eventCard.close();
    const { cell, event } = eventOf(el);
    if (!cell || !event) return;
    drag.current = { pointerId: e.pointerId, event, from: cell.date, el, x: e.clientX, y: e.clientY, active: false, over: null };
    if (e.pointerType !== 'touch') {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.active) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD) return;
      d.active = true;
      d.el.classList.add(DRAGGING);
    }
    setOver(d, cellAt(e.clientX, e.clientY));
    setGhost({ x: e.clientX, y: e.clientY, event: d.event });
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const to = d.over?.dataset.date;
    end(e.currentTarget, e.pointerId);
    if (!d.active) latest.current.onOpen(d.event.id);
    else if (to && to !== d.from) latest.current.onMoveToDay(d.event, to);
  };

  const onClick = (e: ReactMouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, [data-appointment-id]')) return;
    const date = target.closest<HTMLElement>('.wc-mcell')?.dataset.date;
    if (date) latest.current.onDayMenu({ x: e.clientX, y: e.clientY, date });
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    eventCard.onKeyDown(e);
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId;
    if (!id) return;
    e.preventDefault();
    latest.current.onOpen(id);
  };

  return (
    <>
      <div
        className="wc-month"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(e) => drag.current?.pointerId === e.pointerId && end(e.currentTarget, e.pointerId)}
        onClick={onClick}
        onKeyDown={onKeyDown}
        {...eventCard.handlers}
        // A busy day (or a phone's narrow one, its slot count wrapped) grows its week rather than run into the next.
        style={{ gridTemplateRows: `auto repeat(${cells.length / 7}, minmax(min-content, 1fr))` }}
      >
        {weekdayNames().map((name) => (
          <div key={name} className="wc-month-weekday">
            {name}
          </div>
        ))}
        {cells.map((cell) => (
          <MonthDay
            key={cell.date}
            cell={cell}
            outside={!cell.date.startsWith(month)}
            today={cell.date === today}
            providers={providers}
            onOpenDay={actions.onOpenDay}
            onOpenNote={actions.onOpenNote}
          />
        ))}
        {ghost && (
          <div className={`wc-mev wc-colour wc-month-ghost ${colourClass(ghost.event.colour)}`} style={{ left: ghost.x + 8, top: ghost.y + 8 }}>
            {ghost.event.patients || ghost.event.client}
          </div>
        )}
      </div>
      {eventCard.card}
    </>
  );
}

const MonthDay = memo(function MonthDay({
  cell,
  outside,
  today,
  providers,
  onOpenDay,
  onOpenNote,
}: {
  cell: MonthCell;
  outside: boolean;
  today: boolean;
  providers: readonly SidebarProvider[];
  onOpenDay: (date: string) => void;
  onOpenNote: (note: ScheduleNote) => void;
}) {
  const classes = ['wc-mcell', outside && 'wc-outside', today && 'wc-today'].filter(Boolean).join(' ');
  const shown = cell.events.slice(0, VISIBLE_PER_DAY);
  const more = cell.events.length - shown.length;
  return (
    <div className={classes} data-testid="calendar-day-column" data-date={cell.date}>
      <div className="wc-mcell-head">
        <button type="button" className="wc-mcell-day" onClick={() => onOpenDay(cell.date)} aria-label={openDayLabel(cell.date, String(Number(cell.date.slice(8))))}>
          {Number(cell.date.slice(8))}
        </button>
        {cell.slots > 0 && <span className="wc-mcell-slots">{cell.slots === 1 ? '1 slot' : `${cell.slots} slots`}</span>}
      </div>
      {cell.notes.map((note) => {
        const who = noteAuthorLabel(note, providers);
        const text = who ? `${who}: ${note.text}` : note.text;
        return (
          <button key={note.id} type="button" className="wc-note" data-testid="calendar-note" data-note-id={note.id} title={text} onClick={() => onOpenNote(note)}>
            {text}
          </button>
        );
      })}
      {shown.map((e) => (
        <div
          key={e.id}
          className={`wc-mev wc-colour ${colourClass(e.colour)}${e.saving ? ' wc-saving' : ''}`}
          data-appointment-id={e.id}
          role="button"
          tabIndex={0}
        >
          <EventIcons event={e} />
          <span className="wc-mev-time">{startLabel(cell, e)}</span> <EventNames event={e} />
        </div>
      ))}
      {more > 0 && (
        <button type="button" className="wc-more" onClick={() => onOpenDay(cell.date)}>
          +{more} more
        </button>
      )}
    </div>
  );
});
