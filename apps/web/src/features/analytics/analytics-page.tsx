import { useState } from 'react';
import { Box, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { addDays } from '@willow/contracts';
import { DateInput } from '../../components/form-fields';
import { ListError } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { todayIso } from '../../lib/dates';
import { useSettings } from '../../lib/settings';
import { useLocations } from '../locations/locations.api';
import { AnalyticsCharts } from './analytics-charts';
import { rangeErrors } from './analytics-labels';
import { useAnalyticsDashboard } from './analytics.api';

const ALL = '';

/**
 * Business › Analytics › Charts: what came in, what was done and how long aftercare takes, over a
 * range of days (each record's location's) at one location or all. The last 30 days to start with,
 * at the location the navigation has chosen.
 */
export default function AnalyticsPage() {
  const settings = useSettings();
  const locations = useLocations(true);
  const [from, setFrom] = useState(() => addDays(todayIso(), -29));
  const [to, setTo] = useState(() => todayIso());
  const [locationId, setLocationId] = useState<string>(() => settings.locationId ?? ALL);
  const errors = rangeErrors(from, to);
  const dashboard = useAnalyticsDashboard(errors ? null : { from, to, ...(locationId !== ALL && { locationId }) });
  const list = locations.data ?? [];

  return (
    <>
      <PageHeader title="Charts" subtitle="Revenue, appointments, clients and aftercare over the days you choose" />
      <Box component="form" role="search" aria-label="Chart filters" onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}>
          <DateInput size="small" label="From" value={from} onValueChange={setFrom} {...(errors?.from && { error: errors.from })} />
        </Box>
        <Box sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}>
          <DateInput size="small" label="To" value={to} onValueChange={setTo} {...(errors?.to && { error: errors.to })} />
        </Box>
        {list.length > 1 && (
          <TextField select size="small" label="Location" value={list.some((l) => l.id === locationId) ? locationId : ALL} onChange={(e) => setLocationId(e.target.value)} sx={{ minWidth: 200, maxWidth: '100%' }}>
            <MenuItem value={ALL}>All locations</MenuItem>
            {list.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {dashboard.error ? (
        <ListError what="the charts" error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : dashboard.data ? (
        <Box aria-busy={dashboard.isFetching}>
          <LinearProgress aria-label="Loading the charts" sx={{ mb: 1, visibility: dashboard.isFetching ? 'visible' : 'hidden' }} />
          <AnalyticsCharts data={dashboard.data} />
        </Box>
      ) : errors ? null : (
        <Box role="status" sx={{ py: 6 }}>
          <LinearProgress aria-label="Loading the charts" />
          <Typography sx={{ mt: 2, textAlign: 'center', color: 'text.secondary' }}>Loading the charts…</Typography>
        </Box>
      )}
    </>
  );
}
