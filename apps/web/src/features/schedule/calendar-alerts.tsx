import { Alert, Button } from '@mui/material';
import { MAX_APPOINTMENT_LIMIT } from '@willow/contracts';
import { clearScheduleFilters } from '../../lib/settings';
import type { CalendarView } from './calendar-views';

interface CalendarAlertsProps {
  view: CalendarView;
  /** the schedule could not be loaded */
  error: Error | null;
  onRetry: () => void;
  /** a week holds more appointments than one request returns */
  truncated: boolean;
  /** the range shown has no slots and no appointments at all */
  nothingScheduled: boolean;
  /** appointments there are, but the filters hide every one: how many */
  hiddenByFilters: number | null;
  onAddSlots: () => void;
}

/** What the calendar has to say above its grid: a failed load, a cut-off week, an empty range, filters hiding everything. */
export function CalendarAlerts({ view, error, onRetry, truncated, nothingScheduled, hiddenByFilters, onAddSlots }: CalendarAlertsProps) {
  const span = view === 'month' ? 'month' : 'week';
  return (
    <>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          The schedule could not be loaded: {error.message}
        </Alert>
      )}
      {truncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          A week here has more than {MAX_APPOINTMENT_LIMIT} appointments; only the first {MAX_APPOINTMENT_LIMIT} are shown. Narrow the filters or use the Appointments list.
        </Alert>
      )}
      {nothingScheduled && (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          data-testid="calendar-empty"
          action={
            <Button color="inherit" size="small" onClick={onAddSlots}>
              Add slots
            </Button>
          }
        >
          No schedule slots and no appointments this {span}.
        </Alert>
      )}
      {hiddenByFilters !== null && (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          data-testid="calendar-filtered-out"
          action={
            <Button color="inherit" size="small" onClick={clearScheduleFilters}>
              Show all
            </Button>
          }
        >
          The filters hide {hiddenByFilters === 1 ? 'the one appointment' : `all ${hiddenByFilters} appointments`} this {span}.
        </Alert>
      )}
    </>
  );
}
