import { memo, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { DateInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { endsOnAnotherDay } from './appointment-form-values';
import { END_BEFORE_START, endProblem, withEnd, withStart } from './appointment-times';
import type { LocalTimes } from './appointment-times';
import { TimeInput } from './time-input';

interface AppointmentTimeSectionProps {
  times: LocalTimes;
  /** the location's zone, in which every time is typed and shown */
  timeZone: string;
  errors: FieldErrors;
  /** the date or start moved (the length kept) */
  onStartChange: (times: LocalTimes) => void;
  /** the person set the end or the end date themselves */
  onEndChange: (times: LocalTimes) => void;
  /** a Start or End field holds text that is not a time (true), or no longer does (false) */
  onInvalidChange: (field: 'start' | 'end', invalid: boolean) => void;
}

/** Date, start and end of an appointment in its location's zone, and the end date when it ends on a later day. */
export const AppointmentTimeSection = memo(function AppointmentTimeSection({ times, timeZone, errors: e, onStartChange, onEndChange, onInvalidChange }: AppointmentTimeSectionProps) {
  const [endDateWanted, setEndDateWanted] = useState(false);
  const endOnAnotherDay = endsOnAnotherDay(times);
  // Shown as soon as the end reads before the start, so it is never out of reach.
  const liveEndProblem = endProblem(times, timeZone);
  const showEndDate = endOnAnotherDay || endDateWanted || liveEndProblem === END_BEFORE_START;

  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 1 }} data-testid="appointment-time-zone">
        {`Times are in ${timeZone}`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput label="Date" required value={times.date} onValueChange={(date) => onStartChange(withStart(times, { date }, timeZone))} error={e.date} />
        <TimeInput
          label="Start"
          required
          value={times.start}
          onCommit={(start) => onStartChange(withStart(times, { start }, timeZone))}
          onInvalidChange={(invalid) => onInvalidChange('start', invalid)}
          error={e.start}
        />
        <TimeInput
          label="End"
          required
          value={times.end}
          onCommit={(end) => onEndChange(withEnd(times, { end }, timeZone))}
          onInvalidChange={(invalid) => onInvalidChange('end', invalid)}
          error={e.end ?? liveEndProblem}
          helperText={endOnAnotherDay ? 'On the end date below' : undefined}
        />
      </Stack>
      {showEndDate ? (
        <Box sx={{ mt: 2, maxWidth: { sm: 240 } }}>
          <DateInput label="End date" value={times.endDate} onValueChange={(endDate) => onEndChange(withEnd(times, { endDate }, timeZone))} error={e.endDate} />
        </Box>
      ) : (
        <Button size="small" onClick={() => setEndDateWanted(true)} sx={{ mt: 1 }}>
          Ends on a later day
        </Button>
      )}
    </Box>
  );
});
