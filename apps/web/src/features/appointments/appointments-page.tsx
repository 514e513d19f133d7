import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { addDays, APPOINTMENT_STATUSES, DEFAULT_SELECTED_STATUSES, localDate, startOfLocalDay } from '@willow/contracts';
import type { AppointmentStatus, ListAppointmentsQuery } from '@willow/contracts';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { isApiError } from '../../lib/http-client';
import { updateSettings, useSettings } from '../../lib/settings';
import { useLoadingToast } from '../../lib/toasts';
import { useStableHandlers } from '../../lib/use-stable-handlers';
import { useLocationZone } from '../locations/locations.api';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentFilters, FILTER_GRID } from './appointment-filters';
import { AppointmentTable } from './appointment-table';
import { useAppointmentList, useScheduleSidebar } from './appointments.api';
import { useSavedScheduleFilters } from './saved-filters';

const isStatus = (s: string): s is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(s);

/**
 * The statuses the list and the calendar show. Nothing saved (a fresh start, or a location
 * switch, which clears the choice) means the default: every status but Cancelled and Rejected.
 */
export function effectiveStatuses(saved: readonly string[]): AppointmentStatus[] {
  const known = saved.filter(isStatus);
  return known.length > 0 ? known : [...DEFAULT_SELECTED_STATUSES];
}

export default function AppointmentsPage() {
  const settings = useSettings();
  const locationId = settings.locationId;
  const sidebar = useScheduleSidebar(locationId);
  // The saved provider and service filters without those no longer offered (docs/decisions/0044).
  const saved = useSavedScheduleFilters();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const [search, setSearch] = useState('');
  // Untouched, From is today: the list opens at today's appointments and what follows (docs/decisions/0033).
  const [fromChosen, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [creating, setCreating] = useState(false);
  const firstPage = () => setPageModel((m) => ({ ...m, page: 0 }));
  // A narrower list may have fewer pages: every filter change starts over at the first.
  const filterBy = (patch: Parameters<typeof updateSettings>[0]) => {
    updateSettings(patch);
    firstPage();
  };

  // Day boundaries are the selected location's; with 'All Locations' the user's own zone's. Until
  // the location's zone is known, From stays empty and nothing is asked (today may differ there).
  const zone = useLocationZone(locationId);
  const timeZone = zone ?? settings.timezone;
  const from = fromChosen ?? (zone ? localDate(Date.now(), zone) : '');
  const statuses = useMemo(() => effectiveStatuses(settings.selectedStatuses), [settings.selectedStatuses]);
  const statusList = statuses.join(',');
  const rangeError = from && to && to < from ? 'must be on or after the From date' : undefined;
  // From alone lists from that day on; To needs a From (a backwards range is not sent).
  const range = from && !rangeError ? { from, to: to || null } : null;
  // Saved provider or service filters wait for the lists that say whether they still exist.
  const query = useMemo<ListAppointmentsQuery | null>(
    () =>
      saved.ready && zone
        ? {
            locationId: locationId ?? undefined,
            limit: pageModel.pageSize,
            offset: pageModel.page * pageModel.pageSize,
            status: statusList,
            providerId: saved.providers.join(',') || undefined,
            serviceId: saved.services.join(',') || undefined,
            startDate: range ? startOfLocalDay(range.from, timeZone).toISOString() : undefined,
            endDate: range?.to ? startOfLocalDay(addDays(range.to, 1), timeZone).toISOString() : undefined,
            search: search || undefined,
          }
        : null,
    [saved.ready, zone, locationId, pageModel, statusList, saved.providers, saved.services, range?.from, range?.to, timeZone, search],
  );
  const list = useAppointmentList(query);
  const loading = list.isLoading || !saved.ready || !zone;
  useLoadingToast(loading, 'Loading Appointments...');
  // A 404 to a filtered list: a provider or service may have been deleted since the lists were
  // loaded (by someone else). They are asked again, once per request, and what is gone is dropped.
  const { recheck } = saved;
  const rechecked = useRef<ListAppointmentsQuery | null>(null);
  const filtered = Boolean(query?.providerId || query?.serviceId);
  const notFound = isApiError(list.error) && list.error.status === 404;
  useEffect(() => {
    if (!notFound || !filtered || rechecked.current === query) return;
    rechecked.current = query;
    recheck();
  }, [notFound, filtered, query, recheck]);
  /*
   * With a date range the server answers like the calendar does: the page it found, oldest first,
   * without a grand total. A full page means there may be another one.
   */
  const rowCount = !list.data
    ? 0
    : range
      ? pageModel.page * pageModel.pageSize + list.data.items.length + (list.data.items.length === pageModel.pageSize ? 1 : 0)
      : list.data.total;

  const providerOptions = useMemo(
    () => (sidebar.data?.providers ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` })),
    [sidebar.data?.providers],
  );
  const serviceOptions = useMemo(() => (sidebar.data?.services ?? []).map((s) => ({ value: s.id, label: s.name })), [sidebar.data?.services]);
  const filterHandlers = useStableHandlers({
    onStatuses: (next: string[]) => filterBy({ selectedStatuses: next }),
    onProviders: (next: string[]) => filterBy({ selectedProviders: next }),
    onServices: (next: string[]) => filterBy({ selectedServices: next }),
    onFrom: (next: string) => {
      setFrom(next);
      firstPage();
    },
    onTo: (next: string) => {
      setTo(next);
      firstPage();
    },
  });
  const activeFilters = [settings.selectedStatuses.length > 0, saved.providers.length > 0, saved.services.length > 0, from, to].filter(Boolean).length;

  return (
    <>
      <PageHeader
        title="Appointments"
        subtitle={settings.locationName ?? 'All Locations'}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New appointment
          </Button>
        }
      />
      <Box sx={{ ...FILTER_GRID, mb: 1.5 }}>
        <SearchField
          label="Search appointments"
          placeholder="Search by client or patient"
          onSettled={(text) => {
            setSearch(text);
            firstPage();
          }}
        />
        {phone && (
          // On a phone the filters fold away, so the list itself is on the first screen.
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
            sx={{ justifySelf: 'start' }}
          >
            {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
          </Button>
        )}
      </Box>
      <AppointmentFilters
        id={filtersId}
        open={filtersOpen}
        phone={phone}
        statuses={statuses}
        providerOptions={providerOptions}
        serviceOptions={serviceOptions}
        providers={saved.providers}
        services={saved.services}
        optionsLoading={sidebar.isLoading}
        from={from}
        to={to}
        rangeError={rangeError}
        timeZone={timeZone}
        {...filterHandlers}
      />
      <AppointmentTable
        label="Appointments"
        list={{ data: list.data, error: list.error, isFetching: list.isFetching || loading, refetch: list.refetch }}
        noRowsLabel={search || to ? 'No appointments match these filters' : from ? 'No appointments from this day on' : 'No appointments yet'}
        rowCount={rowCount}
        pageModel={pageModel}
        onPageModelChange={setPageModel}
      />
      <AppointmentDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
