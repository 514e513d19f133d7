import { memo } from 'react';
import { Box, Collapse } from '@mui/material';
import { APPOINTMENT_STATUSES } from '@willow/contracts';
import { DateInput, MultiSelectInput, type Option } from '../../components/form-fields';

const statusOptions = APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }));

/** The search and the filters line up in one grid of one, two or three columns. */
export const FILTER_GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 1.5,
} as const;

interface AppointmentFiltersProps {
  /** the panel's element id, named by the phone's Filters button */
  id: string;
  open: boolean;
  /** on a phone the panel folds and unfolds; elsewhere it is always open, without a transition */
  phone: boolean;
  statuses: readonly string[];
  providerOptions: readonly Option[];
  serviceOptions: readonly Option[];
  providers: readonly string[];
  services: readonly string[];
  optionsLoading: boolean;
  from: string;
  to: string;
  rangeError: string | undefined;
  /** the zone the From and To days are in */
  timeZone: string;
  onStatuses: (next: string[]) => void;
  onProviders: (next: string[]) => void;
  onServices: (next: string[]) => void;
  onFrom: (next: string) => void;
  onTo: (next: string) => void;
}

/**
 * The appointment list's filters. Memoised, with stable handlers from the page: the page draws
 * again for each answer of its list and for each settled search, and the five fields (about 400
 * components) then stay as they are unless what they show changed.
 */
export const AppointmentFilters = memo(function AppointmentFilters(props: AppointmentFiltersProps) {
  const { from, to, timeZone } = props;
  return (
    <Collapse in={!props.phone || props.open} id={props.id} timeout={props.phone ? 'auto' : 0}>
      <Box sx={{ ...FILTER_GRID, pt: 0.5, mb: 2 }}>
        <MultiSelectInput label="Status" options={statusOptions} value={props.statuses} onChange={props.onStatuses} />
        <MultiSelectInput
          label="Provider"
          options={props.providerOptions}
          value={props.providers}
          loading={props.optionsLoading}
          onChange={props.onProviders}
        />
        <MultiSelectInput
          label="Service"
          options={props.serviceOptions}
          value={props.services}
          loading={props.optionsLoading}
          onChange={props.onServices}
        />
        <DateInput label="From" value={from} onValueChange={props.onFrom} />
        <DateInput
          label="To"
          value={to}
          onValueChange={props.onTo}
          error={props.rangeError}
          helperText={from ? `Days in ${timeZone}${to ? '' : '; from this day on'}` : to ? 'Set the From date too to filter by date' : undefined}
        />
      </Box>
    </Collapse>
  );
});
