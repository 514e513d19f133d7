import { useMemo, useState } from 'react';
import { Box, Drawer, LinearProgress, Paper, useMediaQuery, useTheme } from '@mui/material';
import type { Location, ScheduleSlot } from '@willow/contracts';
import { CalendarAlerts } from './calendar-alerts';
import { CalendarContextMenu } from './calendar-context-menu';
import type { ContextMenuState } from './calendar-context-menu';
import { CalendarDialogs, prefetchCalendarDialogs, useCalendarDialogs } from './calendar-dialogs';
import { appointmentDraftOf, soleProviderOf, toolbarAppointmentSpan, WORKDAY } from './calendar-drafts';
import { moveToDayPatch, movePatch, resizePatch } from './calendar-moves';
import { focusDateOf, shortcutMove, zoneLabelOf } from './calendar-navigation';
import { useCalendarShortcuts } from './calendar-shortcuts';
import { calendarStyles } from './calendar-styles';
import { CalendarToolbar } from './calendar-toolbar';
import { stepAnchor, viewTitle } from './calendar-views';
import { FiltersPanel } from './filters-panel';
import { DatePickerButton, MiniCalendar } from './mini-calendar';
import { MonthView } from './month-view';
import { TimeGrid } from './time-grid';
import { useCalendarActions } from './use-calendar-actions';
import { useCalendarContents } from './use-calendar-contents';
import { useCalendarLayout } from './use-calendar-layout';
import { useCalendarNavigation } from './use-calendar-navigation';

const FILTERS_WIDTH = 240;
/** No providers or services yet (or none to be had): one array, so the panel's props keep their identity. */
const NONE: never[] = [];

export interface LocationPicker {
  value: string;
  locations: readonly Location[];
  onChange: (id: string) => void;
}

/** The calendar of one location, in its time zone: toolbar, filters, the day/week/providers grid or the month, and the dialogs. */
export function CalendarScreen({ location, picker }: { location: Location; picker?: LocationPicker }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { id: locationId, timezone: timeZone } = location;
  const { view, anchor, today, go } = useCalendarNavigation(timeZone, small);
  const { settings, filters, days, calendar, data, providers, services, ready, appointments, events, slots, notes, save, overlapDialog } =
    useCalendarContents(locationId, timeZone, view, anchor);

  const rangeKey = `${locationId}|${view}|${anchor}`;
  const layout = useCalendarLayout({ rangeKey, ready, view, days, timeZone, events, slots, notes, providers, selectedProviders: filters.providers });

  // ---- dialogs and what opens them ----
  const dialogs = useCalendarDialogs();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const soleProvider = soleProviderOf(filters.providers, providers);
  const newAppointment = (start: number, end: number, providerId?: string | null, lengthChosen = false, slot: ScheduleSlot | null = null) =>
    dialogs.newAppointment(appointmentDraftOf({ locationId, start, end, providerId, soleProvider, providers, lengthChosen, slot }));
  const focusDate = focusDateOf(days, today, anchor);

  // ---- clicks, drags and drops on the grid and the month ----
  const actions = useCalendarActions({
    onCreate: ({ start, end, providerId, dragged, slot }) => newAppointment(start, end, providerId, dragged, slot),
    onOpen: dialogs.openAppointment,
    onMove: (event, target) => {
      const patch = movePatch(event, target, providers);
      if (patch) void save(event, patch);
    },
    onResize: (event, end) => void save(event, resizePatch(end)),
    onMoveToDay: (event, date) => void save(event, moveToDayPatch(event, date, timeZone)),
    onContext: (at) => setMenu(at),
    onDayMenu: ({ x, y, date }) => setMenu({ x, y, date, start: null, providerId: undefined, slot: null }),
    onOpenSlot: dialogs.openSlot,
    onOpenNote: dialogs.openNote,
    onOpenDay: (date) => go({ view: 'day', date }),
  });

  useCalendarShortcuts((action) => go(shortcutMove(action, { view, anchor }, today)));

  const zoneLabel = useMemo(() => zoneLabelOf(days, timeZone), [days, timeZone]);
  const nothingScheduled = ready && !calendar.error && data.scheduleSlots.length === 0 && data.appointments.length === 0;
  // Filters hiding every appointment (a provider who starts with only themself selected) should not look like an empty day.
  const allFilteredOut = ready && events.length === 0 && appointments.length > 0;
  // The filters are drawn from the providers and services as soon as they answer, not with the
  // week's deferred render: they are not the week, and drawn apart they do not lengthen its tasks.
  const sidebarNow = calendar.sidebar.data;
  const filtersPanel = (
    <FiltersPanel
      providers={sidebarNow?.providers ?? NONE}
      services={sidebarNow?.services ?? NONE}
      loading={!sidebarNow && !calendar.sidebar.error}
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
      // The pointer or the focus on the calendar is the sign a dialog may be next: it loads then, not with the page.
      onPointerOver={prefetchCalendarDialogs}
      onFocus={prefetchCalendarDialogs}
    >
      <CalendarToolbar
        title={viewTitle(view, anchor)}
        view={view}
        zoneLabel={zoneLabel}
        onToday={() => go({ date: today })}
        onStep={(direction) => go({ date: stepAnchor(view, anchor, direction) })}
        onView={(next) => go({ view: next })}
        onAddSlots={() => dialogs.newSlots({ date: focusDate, ...WORKDAY })}
        onAddNote={() => dialogs.newNote({ date: focusDate, providerId: null })}
        onNewAppointment={() => {
          const { start, end } = toolbarAppointmentSpan(focusDate, today, timeZone, Date.now());
          newAppointment(start, end);
        }}
        onFilters={small ? () => setFiltersOpen(true) : undefined}
        datePicker={small ? <DatePickerButton {...datePicker} /> : undefined}
        locationPicker={picker}
      />
      <CalendarAlerts
        view={view}
        error={calendar.error}
        onRetry={calendar.retry}
        truncated={calendar.truncated}
        nothingScheduled={nothingScheduled}
        hiddenByFilters={allFilteredOut ? appointments.length : null}
        onAddSlots={() => dialogs.newSlots({ date: focusDate, ...WORKDAY })}
      />
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
              onDrawn={layout.drawn}
            />
          )}
        </Paper>
      </Box>

      {small && (
        <Drawer anchor="left" open={filtersOpen} onClose={() => setFiltersOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
          {filtersPanel}
        </Drawer>
      )}
      <CalendarContextMenu
        menu={menu}
        timeZone={timeZone}
        onClose={() => setMenu(null)}
        onNewAppointment={newAppointment}
        onNewSlots={dialogs.newSlots}
        onEditSlot={dialogs.openSlot}
        onNewNote={dialogs.newNote}
      />
      <CalendarDialogs dialogs={dialogs} locationId={locationId} timeZone={timeZone} providers={providers} services={services} />
      {overlapDialog}
    </Box>
  );
}
