// What the time grid draws inside its columns: the column headers with their notes, the day
// columns with their hour lines, slots and appointment blocks, and the line of the current time.
// Apart from time-grid.tsx, which owns the pointer interactions (select, move, resize) and lays
// the columns out: these pieces only draw what the calendar model placed, and are memoised so a
// drag re-renders the ghost, not every block.
import { memo, useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { INACTIVE_STATUSES } from '@willow/contracts';
import type { ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';
import { dayHeading, formatClock, formatHour, openDayLabel } from './calendar-views';
import { offsetOf, wallMinutes } from './day-frame';
import type { DayFrame } from './day-frame';
import type { PlacedItem } from './day-layout';
import { noteAuthorLabel } from './calendar-model';
import type { CalendarEvent, ColumnModel, SlotItem } from './calendar-model';
import { FREE_EDGE, PX_PER_MINUTE, RESIZE_EDGE, TEXT_MIN_WIDTH, colourClass } from './calendar-styles';
import { EDIT_PATH, EventIcons, EventNames, iconLabels, namesText } from './event-icons';

const PX = PX_PER_MINUTE;

export const timeRange = (frame: DayFrame, from: number, to: number) =>
  `${formatClock(wallMinutes(frame, from))} – ${formatClock(wallMinutes(frame, to))}`;

export function NoteButton({ note, prefix, onOpen }: { note: ScheduleNote; prefix: string | null; onOpen: (note: ScheduleNote) => void }) {
  const text = prefix ? `${prefix}: ${note.text}` : note.text;
  return (
    <button type="button" className="wc-note" data-testid="calendar-note" data-note-id={note.id} title={text} onClick={() => onOpen(note)}>
      {text}
    </button>
  );
}

export const ColumnHeader = memo(function ColumnHeader({
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

/**
 * A block's place in its column's lanes (`.wc-lanes`, a flex column): not positioned, so the
 * browser keeps no paint layer per block (positioned, a week's thousand blocks were a thousand
 * layers, painted one by one: decision 0307). Each block starts at the lanes' top: its top margin
 * brings it down to its time, and its bottom margin takes back all it took (top and height), so the
 * next block starts at the top again. Its width leaves 1 px to the next lane.
 */
function eventStyle(p: PlacedItem<unknown>): CSSProperties {
  const top = p.top * PX;
  const height = p.height * PX - 1;
  return {
    marginTop: top,
    height,
    marginBottom: -(top + height),
    marginLeft: `${(p.lane / p.lanes) * 100}%`,
    width: `${(p.span / p.lanes) * 100}%`,
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

export const DayColumn = memo(function DayColumn({
  column,
  index,
  limit,
  width,
  today,
  ownLabels,
  onOpenSlot,
}: {
  column: ColumnModel;
  index: number;
  /** how many of its appointments are drawn yet (undefined: all) */
  limit: number | undefined;
  /** the column's width in px as laid out (null: not known, as before the first layout) */
  width: number | null;
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
  // The lanes' box is the column less its left border and free edge.
  const lanesWidth = width === null ? null : width - 1 - FREE_EDGE;
  const events = useMemo(
    () => column.events.map((p) => <EventBlock key={p.item.id} placed={p} frame={frame} lanesWidth={lanesWidth} />),
    [column.events, frame, lanesWidth],
  );
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
      <div className="wc-lanes">{limit === undefined ? events : events.slice(0, limit)}</div>
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

/**
 * Whether a press at `clientY` on block `el` takes its bottom edge (a resize) rather than the block
 * (a move). The edge is drawn (its cursor) only under the pointer, as the hovered block's ::after,
 * not as an element in each of a week's thousand blocks; a block cut at the bottom or being saved has none.
 */
export function onResizeEdge(el: HTMLElement, clientY: number): boolean {
  if (el.classList.contains('wc-cut-bottom') || el.classList.contains('wc-saving')) return false;
  return clientY >= el.getBoundingClientRect().bottom - RESIZE_EDGE;
}

/** Below this height a block has one line (the patient first); below the next, two. */
const ONE_LINE_PX = 24;
const TWO_LINES_PX = 46;

function EventBlock({ placed, frame, lanesWidth }: { placed: PlacedItem<CalendarEvent>; frame: DayFrame; lanesWidth: number | null }) {
  const e = placed.item;
  const a = e.appointment;
  const from = placed.continuesBefore ? null : wallMinutes(frame, offsetOf(frame, e.start));
  const to = wallMinutes(frame, offsetOf(frame, e.end));
  const time = from === null ? `… – ${formatClock(to)}` : `${formatClock(from)} – ${formatClock(to)}`;
  const height = placed.height * PX;
  const size = height < ONE_LINE_PX ? 'xs' : height < TWO_LINES_PX ? 's' : undefined;
  // Too narrow to show a word (ten visits side by side in a week's day): its text would cost the
  // week most of its drawing (each line shaped and cut) for no pixel of it seen, so it has none,
  // and says in its name what its lines would have.
  const narrow = lanesWidth !== null && lanesWidth > 0 && (lanesWidth * placed.span) / placed.lanes - 1 < TEXT_MIN_WIDTH;
  const label = narrow
    ? [...iconLabels(e), size === 'xs' ? '' : time, namesText(e), size === undefined ? e.services : ''].filter(Boolean).join(' ')
    : undefined;
  // Called, not mounted: a week draws a thousand blocks, and each component inside one is another
  // fiber for React to create and walk.
  const who = narrow ? null : EventNames({ event: e });
  const icons = narrow ? null : EventIcons({ event: e });
  // Its look and state are classes, in one string: a week's thousand blocks each set one property
  // where a data attribute per state was an attribute each, and the style engine checks a rule of
  // a state only against the blocks in that state (decision 0315).
  let className = `wc-ev wc-colour ${colourClass(e.colour)}`;
  if (size === 'xs') className += ' wc-xs';
  if (narrow) className += ' wc-narrow';
  if (e.saving) className += ' wc-saving';
  if (INACTIVE_STATUSES.includes(a.status)) className += ' wc-inactive';
  if (placed.continuesBefore) className += ' wc-cut-top';
  if (placed.continuesAfter) className += ' wc-cut-bottom';
  return (
    <div className={className} data-appointment-id={e.id} role="button" aria-label={label} tabIndex={0} style={eventStyle(placed)}>
      {narrow ? null : size === 'xs' ? (
        <div className="wc-ev-line wc-ev-names">
          {icons}
          {who}
        </div>
      ) : (
        <>
          {/* Icons first: a narrow column cuts the line's end. The line is the time (no span of its own: one element less a block). */}
          <div className="wc-ev-line wc-ev-time">
            {icons}
            {time}
          </div>
          <div className="wc-ev-line wc-ev-names">{who}</div>
          {size === undefined && e.services && <div className="wc-ev-line">{e.services}</div>}
        </>
      )}
    </div>
  );
}

/** The current time across today's column(s), moved on every minute. */
export function NowLine({ columns }: { columns: readonly ColumnModel[] }) {
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
