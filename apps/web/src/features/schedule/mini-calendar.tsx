import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays, weekdayOf } from '@willow/contracts';
import { dateTimeFormat } from '../../lib/dates';
import { formatLocalDate, monthGrid, stepAnchor, weekdayNames } from './calendar-views';

interface MiniCalendarProps {
  /** the day the schedule shows (YYYY-MM-DD) */
  value: string;
  today: string;
  /** the first and last day the schedule's view shows, marked in the month */
  shown: { from: string; to: string };
  onPick: (date: string) => void;
}

const monthTitle = (date: string) =>
  dateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));

/**
 * A month to jump from: a click on a day, or the keyboard as in any date grid (arrows by day and
 * week, Home / End to the week's ends, Page Up / Down by month, Enter or Space to go). One day is
 * in the tab order, the one the arrows are on.
 */
export function MiniCalendar({ value, today, shown, onPick }: MiniCalendarProps) {
  const [active, setActive] = useState(value);
  const [keyboard, setKeyboard] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  useEffect(() => setActive(value), [value]);
  // The active day moved by key: its button takes the focus (it may be in another month now).
  useEffect(() => {
    if (!keyboard) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active, keyboard]);

  const weeks = monthGrid(active);
  const month = active.slice(0, 7);
  const title = monthTitle(active);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => addDays(active, -weekdayOf(active)),
      End: () => addDays(active, 6 - weekdayOf(active)),
      PageUp: () => stepAnchor('month', active, -1),
      PageDown: () => stepAnchor('month', active, 1),
    };
    const move = moves[e.key];
    if (move) {
      // Handled here: the schedule's own arrow shortcuts leave a prevented key alone.
      e.preventDefault();
      setKeyboard(true);
      setActive(move());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(active);
    }
  };

  return (
    <Box sx={{ userSelect: 'none' }} data-testid="calendar-date-picker">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <Typography variant="subtitle2" component="h2" aria-live="polite" sx={{ flex: 1, pl: 0.5 }}>
          {title}
        </Typography>
        <IconButton size="small" aria-label="Previous month" onClick={() => (setKeyboard(false), setActive(stepAnchor('month', active, -1)))}>
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label="Next month" onClick={() => (setKeyboard(false), setActive(stepAnchor('month', active, 1)))}>
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        component="table"
        ref={gridRef}
        role="grid"
        aria-label={`Go to date, ${title}`}
        onKeyDown={onKeyDown}
        sx={(t) => ({
          width: '100%',
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          '& th': { fontSize: 11, fontWeight: 500, color: t.palette.text.secondary, p: 0, pb: 0.25, textAlign: 'center' },
          '& td': { p: 0, textAlign: 'center' },
          '& button': {
            all: 'unset',
            boxSizing: 'border-box',
            display: 'inline-block',
            width: 28,
            height: 28,
            lineHeight: '28px',
            borderRadius: '50%',
            fontSize: 12,
            cursor: 'pointer',
            '&:hover': { backgroundColor: t.palette.action.hover },
            '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
          },
          '& td[data-shown="true"]': { backgroundColor: t.palette.action.selected },
          // Lighter than the month's own days yet readable, as every day can be picked: text.disabled
          // is 2.7:1 on white and 2.6:1 in the shown week's grey, text.secondary 5.7:1 and 5.0:1.
          '& td[data-outside="true"] button': { color: t.palette.text.secondary },
          '& button[data-today="true"]': { color: t.palette.primary.main, fontWeight: 700 },
          '& td[aria-selected="true"] button': { backgroundColor: t.palette.primary.main, color: t.palette.primary.contrastText },
        })}
      >
        <thead>
          <tr>
            {weekdayNames().map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => (
                <td
                  key={date}
                  role="gridcell"
                  aria-selected={date === value}
                  data-shown={date >= shown.from && date <= shown.to}
                  data-outside={!date.startsWith(month)}
                >
                  <button
                    type="button"
                    data-date={date}
                    data-today={date === today || undefined}
                    tabIndex={date === active ? 0 : -1}
                    aria-label={formatLocalDate(date)}
                    aria-current={date === today ? 'date' : undefined}
                    onClick={() => (setActive(date), onPick(date))}
                  >
                    {Number(date.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** Below md, where the filters panel is a drawer: the mini calendar behind a toolbar button. */
export function DatePickerButton(props: MiniCalendarProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Go to date">
        <IconButton size="small" aria-label="Go to date" aria-haspopup="dialog" onClick={(e) => setAnchor(e.currentTarget)}>
          <CalendarMonthIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, width: 260 }, role: 'dialog', 'aria-label': 'Go to date' } }}
      >
        <MiniCalendar
          {...props}
          onPick={(date) => {
            setAnchor(null);
            props.onPick(date);
          }}
        />
      </Popover>
    </>
  );
}
