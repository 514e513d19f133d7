import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Drawer, LinearProgress, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { useSearchParams } from 'react-router';
import { localDateTimeToInstant, localMinutes, MAX_APPOINTMENT_LIMIT, startOfLocalDay, zoneAbbreviation } from '@willow/contracts';
import type { Appointment, AppointmentUpdateInput, Location, ScheduleNote, ScheduleSlot } from '@willow/contracts';
import { PageLoader } from '../../components/page-loader';
import { clearScheduleFilters, useSettings } from '../../lib/settings';
import { useErrorToast } from '../../lib/toasts';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { AppointmentDraft } from '../appointments/appointment-dialog';
import { useSavedScheduleFilters } from '../appointments/saved-filters';
import { useOverlapAwareUpdate } from '../appointments/use-overlap-aware-save';
import { useLocation } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { appointmentVisible, effectiveStatuses, noteVisible, providersForColumn, providersForNew, slotVisible } from './calendar-filters';
import type { CalendarFilters } from './calendar-filters';
import { buildGrid, buildMonth, toEvent, toSlotItem } from './calendar-model';
import type { CalendarEvent, ColumnModel } from './calendar-model';
import { useCalendarShortcuts } from './calendar-shortcuts';
import type { ShortcutAction } from './calendar-shortcuts';
import { weekRanges } from './calendar-store';
import { calendarStyles } from './calendar-styles';
import { CalendarToolbar } from './calendar-toolbar';
import { isCalendarView, isLocalDate, stepAnchor, todayIn, viewDays, viewTitle } from './calendar-views';
import type { CalendarView } from './calendar-views';
import { useCalendarData, useRefreshCalendar } from './schedule.api';
import { dayFrame } from './day-frame';
import { SNAP_MINUTES } from './day-layout';
import { FiltersPanel } from './filters-panel';
import { DatePickerButton, MiniCalendar } from './mini-calendar';
import { MonthView } from './month-view';
import type { MonthActions } from './month-view';
import { NoteDialog } from './note-dialog';
import type { NoteDefaults } from './note-dialog';
import { SlotDialog } from './slot-dialog';
import type { SlotDefaults } from './slot-dialog';
import { TimeGrid } from './time-grid';
import type { GridActions } from './time-grid';

/**
 * The dialog (and its form fields) loads after the calendar has been drawn, in a task of its own,
 * instead of lengthening the one that draws the calendar.
 */
const AppointmentDialog = lazy(() => import('../appointments/appointment-dialog').then((m) => ({ default: m.AppointmentDialog })));

const FILTERS_WIDTH = 240;
const EMPTY: never[] = [];
/** Where new slots and appointments start when nothing else says (wall-clock minutes). */
const WORKDAY = { start: 9 * 60, end: 17 * 60 };
const NEW_APPOINTMENT_MINUTES = 30;

/** The Schedule page: resolves the working location and its time zone, then shows its calendar. */
export default function CalendarPage() {
  useDocumentTitle('Schedule');
  const place = useWorkingLocation();
  const listed = place.locations.find((l) => l.id === place.locationId);
  // The selected location may be inactive (not in the active list); its own record still has the zone.
  const single = useLocation(listed ? null : place.locationId);
  const location: Location | undefined = listed ?? single.data;

  if (!location) {
    if (place.loading || single.isLoading || (place.locationId && !single.error)) return <PageLoader />;
    return (
      <Box data-testid="calendar" sx={{ p: 3 }}>
        <Typography variant="h6" component="h1">
          Schedule
        </Typography>
        <Typography color="text.secondary">There is no location to show a calendar for yet.</Typography>
      </Box>
    );
  }
  return (
    <CalendarScreen
      key={location.id}
      location={location}
      picker={place.canPick ? { value: location.id, locations: place.locations, onChange: place.pick } : undefined}
    />
  );
}

interface DialogState<T> {
  open: boolean;
  value: T;
}
const closed = <T,>(d: DialogState<T>): DialogState<T> => ({ ...d, open: false });

interface ContextMenuState {
  x: number;
  y: number;
  date: string;
  /** the instant clicked (null in the month view: no time there) */
  start: number | null;
  providerId: string | null | undefined;
  slot: ScheduleSlot | null;
}

function CalendarScreen({
  location,
  picker,
}: {
  location: Location;
  picker?: { value: string; locations: readonly Location[]; onChange: (id: string) => void };
}) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { id: locationId, timezone: timeZone } = location;
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const viewParam = params.get('view');
  const dateParam = params.get('date');
  const view: CalendarView = isCalendarView(viewParam) ? viewParam : small ? 'day' : 'week';
  const anchor = isLocalDate(dateParam) ? dateParam : today;

  const go = useCallback(
    (next: { view?: CalendarView; date?: string }) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.view) p.set('view', next.view);
          if (next.date) p.set('date', next.date);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  // ---- filters (saved in the browser's settings) ----
  const settings = useSettings();
  // Saved providers and services no longer offered are dropped (docs/decisions/0044); checked
  // against the saved location's lists, the whole account's under 'All Locations'.
  const saved = useSavedScheduleFilters();
  const statuses = useMemo(() => effectiveStatuses(settings.selectedStatuses), [settings.selectedStatuses]);
  const filters: CalendarFilters = useMemo(
    () => ({ providers: saved.providers, services: saved.services, statuses }),
    [saved.providers, saved.services, statuses],
  );

  // ---- data ----
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const ranges = useMemo(() => weekRanges(days, timeZone), [days, timeZone]);
  const calendar = useCalendarData(locationId, ranges);
  // The week's answers are drawn in a background (transition) render that React splits into short
  // tasks: a query's answer otherwise re-renders the whole calendar in one long task. Until that
  // render has caught up, the calendar counts as not ready.
  const data = useDeferredValue(calendar.data);
  const providers = data.sidebar?.providers ?? EMPTY;
  const services = data.sidebar?.services ?? EMPTY;
  useErrorToast(calendar.sidebar.error, 'Error loading resources');
  const ready = !calendar.loading && data === calendar.data;


  // ---- appointments being saved show at their new place until the refreshed week is drawn ----
  // A finished save stays in the map (`done`) until the deferred week has caught up with the
  // refreshed one: dropping it at once would draw the old week for a moment, the block jumping back.
  const [saving, setSaving] = useState<ReadonlyMap<string, { patch: Partial<Appointment>; done: boolean }>>(() => new Map());
  const appointments = useMemo(() => {
    if (!saving.size) return data.appointments;
    return data.appointments.map((a) => {
      const entry = saving.get(a.id);
      return entry ? { ...a, ...entry.patch } : a;
    });
  }, [data.appointments, saving]);
  useEffect(() => {
    if (data !== calendar.data || ![...saving.values()].some((e) => e.done)) return;
    setSaving((m) => new Map([...m].filter(([, e]) => !e.done)));
  }, [data, calendar.data, saving]);

  const events = useMemo(
    () => appointments.filter((a) => appointmentVisible(a, filters)).map((a) => toEvent(a, saving.get(a.id)?.done === false)),
    [appointments, filters, saving],
  );
  const serviceNames = useMemo(() => new Map(services.map((s) => [s.id, s])), [services]);
  const slots = useMemo(
    () => data.scheduleSlots.filter((s) => slotVisible(s, filters)).map((s) => toSlotItem(s, serviceNames)),
    [data.scheduleSlots, filters, serviceNames],
  );
  const notes = useMemo(() => data.scheduleNotes.filter((n) => noteVisible(n, filters)), [data.scheduleNotes, filters]);

  // ---- layout, measured the first time each range is drawn with its data (the benchmark reads it) ----
  const rangeKey = `${locationId}|${view}|${anchor}`;
  const measuredFor = useRef<string | null>(null);
  const previousColumns = useRef<ReadonlyMap<string, ColumnModel>>(new Map());
  const layout = useMemo(() => {
    if (ready && measuredFor.current !== rangeKey) performance.mark('calendar:events-start');
    if (view === 'month') return { month: buildMonth(days, timeZone, { events, slots, notes }), grid: null };
    const grid = buildGrid(
      { view, days, timeZone, events, slots, notes, providers, selectedProviders: filters.providers },
      previousColumns.current,
    );
    previousColumns.current = new Map(grid.columns.map((c) => [c.key, c]));
    return { month: null, grid };
  }, [ready, rangeKey, view, days, timeZone, events, slots, notes, providers, filters.providers]);
  useLayoutEffect(() => {
    if (!ready || measuredFor.current === rangeKey) return;
    measuredFor.current = rangeKey;
    performance.mark('calendar:events-end');
    try {
      performance.measure('calendar:events', 'calendar:events-start', 'calendar:events-end');
    } catch {
      // Without the start mark (cleared by someone else) there is nothing to measure.
    }
  }, [ready, rangeKey, layout]);

  // ---- dialogs ----
  const [appointmentDialog, setAppointmentDialog] = useState<DialogState<{ id: string | null; draft: AppointmentDraft | null }>>({
    open: false,
    value: { id: null, draft: null },
  });
  const [slotDialog, setSlotDialog] = useState<DialogState<{ slot: ScheduleSlot | null; defaults: SlotDefaults | null }>>({
    open: false,
    value: { slot: null, defaults: null },
  });
  const [noteDialog, setNoteDialog] = useState<DialogState<{ note: ScheduleNote | null; defaults: NoteDefaults | null }>>({
    open: false,
    value: { note: null, defaults: null },
  });
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // Outside the providers view, a calendar filtered to one provider (a vet looking at their own day) books for them.
  const soleProvider = filters.providers.length === 1 && providers.some((p) => p.id === filters.providers[0]) ? filters.providers[0] : undefined;
  const newAppointment = (start: number, end: number, providerId: string | null | undefined = soleProvider, lengthChosen = false) =>
    setAppointmentDialog({
      open: true,
      value: {
        id: null,
        draft: {
          locationId,
          startAt: new Date(start).toISOString(),
          endAt: new Date(end).toISOString(),
          ...providersForNew(providerId, providers),
          lengthChosen,
        },
      },
    });
  const newSlots = (defaults: SlotDefaults) => setSlotDialog({ open: true, value: { slot: null, defaults } });
  const newNote = (defaults: NoteDefaults) => setNoteDialog({ open: true, value: { note: null, defaults } });
  const workdayAt = (date: string, minutes: number) => localDateTimeToInstant(date, minutes, timeZone).getTime();
  /** Toolbar actions start on the day shown (today when it is in view). */
  const focusDate = days.includes(today) ? today : anchor;

  // ---- moving and resizing ----
  const { update, dialog: overlapDialog } = useOverlapAwareUpdate();
  const refresh = useRefreshCalendar();
  const save = async (event: CalendarEvent, patch: AppointmentUpdateInput) => {
    const entry = { patch: patch as Partial<Appointment>, done: false };
    setSaving((m) => new Map(m).set(event.id, entry));
    try {
      // The server checks the move (overlaps, times); the hook asks for a reason on an overlap and toasts failures.
      if (await update(event.id, patch)) await refresh();
    } finally {
      // Only this save's own entry: a second move of the same block may have replaced it meanwhile.
      setSaving((m) => (m.get(event.id) === entry ? new Map(m).set(event.id, { ...entry, done: true }) : m));
    }
  };

  const handlers = useRef<GridActions & MonthActions>(null!);
  handlers.current = {
    onCreate: ({ start, end, providerId, dragged }) => newAppointment(start, end, providerId === undefined ? soleProvider : providerId, dragged),
    onOpen: (id) => setAppointmentDialog({ open: true, value: { id, draft: null } }),
    onMove: (event, target) => {
      const assigned = target.columns ? providersForColumn(event.appointment, target.columns.from, target.columns.to, providers) : null;
      if (target.start === event.start && !assigned) return;
      void save(event, { startAt: new Date(target.start).toISOString(), endAt: new Date(target.end).toISOString(), ...assigned });
    },
    onResize: (event, end) => void save(event, { endAt: new Date(end).toISOString() }),
    onMoveToDay: (event, date) => {
      // Same wall-clock time on the new day, whatever its offset.
      const start = localDateTimeToInstant(date, localMinutes(event.start, timeZone), timeZone).getTime();
      void save(event, { startAt: new Date(start).toISOString(), endAt: new Date(start + event.end - event.start).toISOString() });
    },
    onContext: (at) => setMenu(at),
    onDayMenu: ({ x, y, date }) => setMenu({ x, y, date, start: null, providerId: undefined, slot: null }),
    onOpenSlot: (slot) => setSlotDialog({ open: true, value: { slot, defaults: null } }),
    onOpenNote: (note) => setNoteDialog({ open: true, value: { note, defaults: null } }),
    onOpenDay: (date) => go({ view: 'day', date }),
  };
  const actions = useMemo<GridActions & MonthActions>(
    () => ({
      onCreate: (r) => handlers.current.onCreate(r),
      onOpen: (id) => handlers.current.onOpen(id),
      onMove: (e, t) => handlers.current.onMove(e, t),
      onResize: (e, end) => handlers.current.onResize(e, end),
      onMoveToDay: (e, d) => handlers.current.onMoveToDay(e, d),
      onContext: (at) => handlers.current.onContext(at),
      onDayMenu: (at) => handlers.current.onDayMenu(at),
      onOpenSlot: (s) => handlers.current.onOpenSlot(s),
      onOpenNote: (n) => handlers.current.onOpenNote(n),
      onOpenDay: (d) => handlers.current.onOpenDay(d),
    }),
    [],
  );

  // ---- keyboard ----
  useCalendarShortcuts((action: ShortcutAction) => {
    if (action.type === 'today') go({ date: today });
    else if (action.type === 'step') go({ date: stepAnchor(view, anchor, action.direction) });
    else go({ view: action.view });
  });

  // ---- context menu ----
  const menuItems = () => {
    if (!menu) return null;
    const start = menu.start ?? workdayAt(menu.date, WORKDAY.start);
    const wall = localMinutes(start, timeZone);
    const close = () => setMenu(null);
    return [
      <MenuItem key="appointment" onClick={() => (close(), newAppointment(start, start + NEW_APPOINTMENT_MINUTES * 60_000, menu.providerId))}>
        <ListItemIcon>
          <AddIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>New appointment</ListItemText>
      </MenuItem>,
      <MenuItem
        key="slot"
        onClick={() => (close(), newSlots(menu.start === null ? { date: menu.date, ...WORKDAY } : { date: menu.date, start: wall, end: Math.min(wall + 60, 1440) }))}
      >
        <ListItemIcon>
          <EventAvailableIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Add schedule slot</ListItemText>
      </MenuItem>,
      menu.slot && (
        <MenuItem key="edit-slot" onClick={() => (close(), handlers.current.onOpenSlot(menu.slot!))}>
          <ListItemIcon>
            <EditCalendarIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit schedule slot</ListItemText>
        </MenuItem>
      ),
      <MenuItem key="note" onClick={() => (close(), newNote({ date: menu.date, providerId: menu.providerId ?? null }))}>
        <ListItemIcon>
          <NoteAddIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Add note</ListItemText>
      </MenuItem>,
    ];
  };

  const nextQuarter = () => {
    const now = Date.now();
    return Math.ceil(now / (SNAP_MINUTES * 60_000)) * SNAP_MINUTES * 60_000;
  };
  const toolbarAppointment = () => {
    const start = focusDate === today ? nextQuarter() : workdayAt(focusDate, WORKDAY.start);
    newAppointment(start, start + NEW_APPOINTMENT_MINUTES * 60_000);
  };

  const zoneLabel = useMemo(() => {
    const from = zoneAbbreviation(startOfLocalDay(days[0]!, timeZone), timeZone);
    const to = zoneAbbreviation(dayFrame(days.at(-1)!, timeZone).end - 1, timeZone);
    return `Times in ${timeZone} (${from === to ? from : `${from} / ${to}`})`;
  }, [days, timeZone]);

  const nothingScheduled = ready && !calendar.error && data.scheduleSlots.length === 0 && data.appointments.length === 0;
  // Filters hiding every appointment (a provider who starts with only themself selected) should not look like an empty day.
  const allFilteredOut = ready && events.length === 0 && appointments.length > 0;
  const filtersPanel = (
    <FiltersPanel
      providers={providers}
      services={services}
      loading={!data.sidebar && !calendar.sidebar.error}
      filters={filters}
      customStatuses={settings.selectedStatuses.length > 0}
    />
  );
  const datePicker = { value: anchor, today, shown: { from: days[0]!, to: days.at(-1)! }, onPick: (date: string) => go({ date }) };

  return (
    <Box
      data-testid="calendar"
      data-view={view}
      data-date={anchor}
      data-time-zone={timeZone}
      data-ready={ready ? 'true' : 'false'}
      sx={(t) => ({ ...calendarStyles(t), height: '100%' })}
    >
      <CalendarToolbar
        title={viewTitle(view, anchor)}
        view={view}
        zoneLabel={zoneLabel}
        onToday={() => go({ date: today })}
        onStep={(direction) => go({ date: stepAnchor(view, anchor, direction) })}
        onView={(next) => go({ view: next })}
        onAddSlots={() => newSlots({ date: focusDate, ...WORKDAY })}
        onAddNote={() => newNote({ date: focusDate, providerId: null })}
        onNewAppointment={toolbarAppointment}
        onFilters={small ? () => setFiltersOpen(true) : undefined}
        datePicker={small ? <DatePickerButton {...datePicker} /> : undefined}
        locationPicker={picker}
      />
      {calendar.error && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={calendar.retry}>
              Retry
            </Button>
          }
        >
          The schedule could not be loaded: {calendar.error.message}
        </Alert>
      )}
      {calendar.truncated && (
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
            <Button color="inherit" size="small" onClick={() => newSlots({ date: focusDate, ...WORKDAY })}>
              Add slots
            </Button>
          }
        >
          No schedule slots and no appointments this {view === 'month' ? 'month' : 'week'}.
        </Alert>
      )}
      {allFilteredOut && (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          data-testid="calendar-filtered-out"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={clearScheduleFilters}
            >
              Show all
            </Button>
          }
        >
          The filters hide {appointments.length === 1 ? 'the one appointment' : `all ${appointments.length} appointments`} this {view === 'month' ? 'month' : 'week'}.
        </Alert>
      )}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0, gap: 2 }}>
        {!small && (
          <Paper variant="outlined" sx={{ width: FILTERS_WIDTH, flexShrink: 0, overflow: 'auto' }}>
            <Box sx={{ p: 1, pb: 0 }}>
              <MiniCalendar {...datePicker} />
            </Box>
            {filtersPanel}
          </Paper>
        )}
        <Paper
          variant="outlined"
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', position: 'relative', overflow: 'hidden' }}
          aria-busy={calendar.fetching}
        >
          {calendar.fetching && (
            <LinearProgress aria-label="Loading the schedule" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 10 }} />
          )}
          {layout.month ? (
            <MonthView cells={layout.month} month={anchor.slice(0, 7)} today={today} providers={providers} timeZone={timeZone} actions={actions} />
          ) : (
            <TimeGrid
              grid={layout.grid!}
              providersView={view === 'providers'}
              today={today}
              providers={providers}
              timeZone={timeZone}
              scrollKey={rangeKey}
              ready={ready}
              actions={actions}
            />
          )}
        </Paper>
      </Box>

      {small && (
        <Drawer anchor="left" open={filtersOpen} onClose={() => setFiltersOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
          {filtersPanel}
        </Drawer>
      )}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
      >
        {menuItems()}
      </Menu>
      <Suspense fallback={null}>
        <AppointmentDialog
          open={appointmentDialog.open}
          onClose={() => setAppointmentDialog(closed)}
          appointmentId={appointmentDialog.value.id}
          draft={appointmentDialog.value.draft}
        />
      </Suspense>
      <SlotDialog
        open={slotDialog.open}
        onClose={() => setSlotDialog(closed)}
        locationId={locationId}
        timeZone={timeZone}
        providers={providers}
        services={services}
        slot={slotDialog.value.slot}
        defaults={slotDialog.value.defaults}
      />
      <NoteDialog
        open={noteDialog.open}
        onClose={() => setNoteDialog(closed)}
        locationId={locationId}
        providers={providers}
        note={noteDialog.value.note}
        defaults={noteDialog.value.defaults}
      />
      {overlapDialog}
    </Box>
  );
}
