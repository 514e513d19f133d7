import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { AppointmentInput, AppointmentUpdateInput, isVisitService, visitMinutes } from '@willow/contracts';
import type { AppointmentDetail, Location } from '@willow/contracts';
import {
  DateInput,
  MessageInput,
  MultiSelectInput,
  SelectInput,
  SwitchInput,
  TextInput,
  textOrNull,
  useFormState,
} from '../../components/form-fields';
import { useProfileQuery } from '../../app/session';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { readableMessage, validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { ClientPicker } from '../clients/client-picker';
import { useClient } from '../clients/clients.api';
import { useLocations, useZoneOf } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { DeceasedChip } from '../patients/patient-chips';
import { usePatientList } from '../patients/patients.api';
import { useStaffNames } from '../users/users.api';
import { AppointmentAddOns, NewAppointmentAddOns } from './appointment-add-ons';
import type { DraftAddOn, PendingAddOn } from './appointment-add-ons';
import { RequestedTimes, StatusHistory, StatusPanel } from './appointment-details';
import { AppointmentPatients } from './appointment-patients';
import { notifyCreateError } from './appointment-messages';
import { GuardedDialog } from '../../components/discard-guard';
import {
  END_BEFORE_START,
  endFollowingServices,
  endProblem,
  formatSpanInZone,
  instantsOf,
  isDate,
  localTimesOf,
  withEnd,
  withStart,
} from './appointment-times';
import type { LocalTimes } from './appointment-times';
import { useAppointment, useDeleteAppointment, useLocationServices, useScheduleSidebar } from './appointments.api';
import { TimeInput } from './time-input';
import { useOverlapAwareCreate, useOverlapAwareUpdate } from './use-overlap-aware-save';

/** A new appointment's place and time, e.g. from a click on the calendar. */
export interface AppointmentDraft {
  locationId: string;
  startAt: string;
  endAt: string;
  primaryProviderId?: string | null;
  secondaryProviderId?: string | null;
  /** the length was chosen (dragged on the calendar): choosing services does not change the end */
  lengthChosen?: boolean;
}

export interface AppointmentDialogProps {
  open: boolean;
  onClose: () => void;
  /** edit this appointment; without it the dialog creates one */
  appointmentId?: string | null;
  /** where and when a new appointment goes */
  draft?: AppointmentDraft | null;
  /** the client a new appointment is for (e.g. from the client's page) */
  clientId?: string | null;
}

/** Length of a new appointment until services say otherwise. */
const DEFAULT_MINUTES = 30;

/** The next whole hour from now, where a new appointment without a draft starts. */
function nextHour(now = Date.now()): Date {
  return new Date(Math.ceil((now + 1) / 3_600_000) * 3_600_000);
}

/**
 * Create or edit an appointment. Every time is entered and shown in the appointment's location
 * time zone, whatever the browser's is.
 */
export function AppointmentDialog({ open, onClose, appointmentId, draft, clientId }: AppointmentDialogProps): JSX.Element {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // While the dialog fades out the caller may already have cleared its props; keep showing what was open.
  const [shown, setShown] = useState({ appointmentId, draft, clientId });
  if (open && (shown.appointmentId !== appointmentId || shown.draft !== draft || shown.clientId !== clientId))
    setShown({ appointmentId, draft, clientId });
  const editingId = shown.appointmentId || null;
  const [busy, setBusy] = useState(false);

  const appointment = useAppointment(editingId);
  const locations = useLocations(false);
  const working = useWorkingLocation();
  const forClient = useClient(!editingId && !shown.draft && shown.clientId ? shown.clientId : undefined);
  // The working location falls back to the user's own, so wait for it before choosing.
  const profile = useProfileQuery();

  const newLocationId = shown.draft?.locationId ?? forClient.data?.locationId ?? working.locationId;
  const waitingForClient = !editingId && !shown.draft && Boolean(shown.clientId) && forClient.isLoading;
  const zoneOf = useZoneOf();

  const close = () => {
    if (!busy) onClose();
  };

  let body: JSX.Element;
  if (editingId && appointment.error) {
    body = (
      <>
        <DialogTitle id={titleId}>Edit appointment</DialogTitle>
        <DialogContent dividers>
          <Alert severity="error">{appointment.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  } else if (
    locations.isLoading ||
    (editingId ? !appointment.data : waitingForClient || working.loading || profile.isLoading || !newLocationId)
  ) {
    body = (
      <>
        <DialogTitle id={titleId}>{editingId ? 'Edit appointment' : 'New appointment'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          {!editingId && !working.loading && !profile.isLoading && !waitingForClient && !newLocationId ? (
            <Alert severity="info" sx={{ width: '100%' }}>
              There is no location to book at yet. Add one under Settings → Locations.
            </Alert>
          ) : (
            <CircularProgress aria-label="Loading appointment" />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  } else {
    const d = shown.draft;
    // A new draft is a new form; the working location settling meanwhile is not (it would wipe what was typed).
    const formKey = editingId ?? `new|${d ? `${d.locationId}|${d.startAt}|${d.endAt}|${d.primaryProviderId ?? ''}|${d.secondaryProviderId ?? ''}` : ''}|${shown.clientId ?? ''}`;
    body = (
      <AppointmentForm
        key={formKey}
        titleId={titleId}
        appointment={editingId ? (appointment.data ?? null) : null}
        draft={d ?? null}
        clientId={shown.clientId ?? null}
        defaultLocationId={newLocationId!}
        locations={(locations.data ?? []).filter((l) => l.isActive)}
        zoneOf={zoneOf}
        onBusyChange={setBusy}
        onClose={onClose}
      />
    );
  }

  return (
    // Guarded: the form inside reports unsaved changes, so Esc or a click outside asks before discarding them.
    <GuardedDialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      {body}
    </GuardedDialog>
  );
}

interface FormValues {
  locationId: string;
  clientId: string;
  patientIds: string[];
  serviceIds: string[];
  primaryProviderId: string;
  secondaryProviderId: string;
  times: LocalTimes;
  homeVisit: boolean;
  address: string;
  notes: string;
  status: 'Confirmed' | 'Pending';
  /** add-ons chosen in the dialog, attached by the create or the update in its transaction */
  addOns: DraftAddOn[];
}

interface AppointmentFormProps {
  titleId: string;
  appointment: AppointmentDetail | null;
  draft: AppointmentDraft | null;
  clientId: string | null;
  defaultLocationId: string;
  locations: readonly Location[];
  zoneOf: (locationId: string) => string;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}

function initialValues(p: AppointmentFormProps): FormValues {
  const a = p.appointment;
  if (a) {
    return {
      locationId: a.locationId,
      clientId: a.clientId,
      patientIds: a.patientIds,
      serviceIds: a.serviceIds,
      primaryProviderId: a.primaryProviderId ?? '',
      secondaryProviderId: a.secondaryProviderId ?? '',
      times: localTimesOf(a.startAt, a.endAt, p.zoneOf(a.locationId)),
      homeVisit: a.address !== null,
      address: a.address ?? '',
      notes: a.notes ?? '',
      status: 'Confirmed',
      addOns: [],
    };
  }
  const locationId = p.draft?.locationId ?? p.defaultLocationId;
  const start = p.draft ? new Date(p.draft.startAt) : nextHour();
  const end = p.draft ? new Date(p.draft.endAt) : new Date(start.getTime() + DEFAULT_MINUTES * 60_000);
  return {
    locationId,
    clientId: p.clientId ?? '',
    patientIds: [],
    serviceIds: [],
    primaryProviderId: p.draft?.primaryProviderId ?? '',
    secondaryProviderId: p.draft?.secondaryProviderId ?? '',
    times: localTimesOf(start, end, p.zoneOf(locationId)),
    homeVisit: false,
    address: '',
    notes: '',
    status: 'Confirmed',
    addOns: [],
  };
}

/** What the form's values mean as contract input (times as instants in the location's zone). */
function toInput(v: FormValues, timeZone: string) {
  const { startAt, endAt } = instantsOf(v.times, timeZone);
  return {
    clientId: v.clientId,
    patientIds: v.patientIds,
    serviceIds: v.serviceIds,
    primaryProviderId: v.primaryProviderId || null,
    secondaryProviderId: v.secondaryProviderId || null,
    startAt: startAt ?? '',
    endAt: endAt ?? '',
    address: v.homeVisit ? v.address : null,
    notes: textOrNull(v.notes),
  };
}
type Input = ReturnType<typeof toInput>;

/** What the services field says about the length it gives. */
function servicesHelp(visitLength: number, endSetByUser: boolean, afterVisit: boolean): string | undefined {
  const after = afterVisit ? ' (cremation and aftercare happen after the visit)' : '';
  if (visitLength === 0) return afterVisit ? `No visit time${after}` : undefined;
  return endSetByUser ? `The visit takes ${visitLength} min${after}; the end is kept as you set it` : `The visit takes ${visitLength} min${after}; the end follows it`;
}

/** Checks a contract can't express: which fields are missing altogether. */
function missingFields(v: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.clientId) errors.clientId = 'is required';
  if (!v.times.date) errors.date = 'is required';
  else if (!isDate(v.times.date)) errors.date = 'must be a whole date';
  if (!v.times.start) errors.start = 'is required';
  if (!v.times.end) errors.end = 'is required';
  if (v.homeVisit && !v.address.trim()) errors.address = 'is required';
  return errors;
}

/** Contract errors on the instants belong under the fields the user typed them in. */
function placeErrors(errors: FieldErrors): FieldErrors {
  const { startAt, endAt, ...rest } = errors;
  const placed: FieldErrors = { ...rest };
  if (startAt && !placed.start) placed.start = startAt;
  if (endAt && !placed.end) placed.end = endAt;
  return placed;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function AppointmentForm(props: AppointmentFormProps) {
  const { titleId, appointment, locations, zoneOf, onBusyChange, onClose } = props;
  const editing = appointment !== null;
  const [initial] = useState(() => initialValues(props));
  const form = useFormState<FormValues>(initial);
  const v = form.values;
  const e = form.errors;
  const timeZone = zoneOf(v.locationId);
  // In an existing appointment whose end differs from its services' total, the end was set by hand.
  const [endChangedByUser, setEndChangedByUser] = useState(() => {
    if (!appointment) return Boolean(props.draft?.lengthChosen);
    return Date.parse(appointment.endAt) - Date.parse(appointment.startAt) !== visitMinutes(appointment.services) * 60_000;
  });
  // Start or End fields holding text that is not a time: nothing is saved until they are fixed.
  const [badTimes, setBadTimes] = useState<ReadonlySet<string>>(new Set());
  const markBadTime = (field: string) => (bad: boolean) =>
    setBadTimes((current) => {
      const next = new Set(current);
      if (bad) next.add(field);
      else next.delete(field);
      return next;
    });
  const [endDateWanted, setEndDateWanted] = useState(false);
  // An add-on chosen in the picker without pressing "Attach" is still what the person wants: Save takes it.
  const [pendingAddOn, setPendingAddOn] = useState<PendingAddOn | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => onBusyChange(saving), [saving, onBusyChange]);

  const services = useLocationServices(v.locationId);
  const sidebar = useScheduleSidebar(v.locationId);
  const staffNames = useStaffNames();
  const client = useClient(v.clientId || undefined);
  const patients = usePatientList({ clientId: v.clientId, limit: 200, offset: 0, includeDeceased: true }, Boolean(v.clientId));

  const serviceOptions = useMemo(() => {
    const list: { id: string; name: string; type: string; duration: number }[] = (services.data ?? []).map((s) => ({ id: s.id, name: s.name, type: s.type, duration: s.duration }));
    // A service since made inactive still shows on the appointment that has it.
    for (const s of appointment?.services ?? []) if (!list.some((x) => x.id === s.id)) list.push({ id: s.id, name: s.name, type: s.type, duration: s.duration });
    return list;
  }, [services.data, appointment]);
  const visitLengthOf = (ids: readonly string[]) => visitMinutes(serviceOptions.filter((s) => ids.includes(s.id)));
  const visitLength = visitLengthOf(v.serviceIds);
  const afterVisit = serviceOptions.some((s) => v.serviceIds.includes(s.id) && !isVisitService(s));

  const providerOptions = (kind: 'primary' | 'secondary', current: string) => {
    const list = (sidebar.data?.providers ?? [])
      .filter((p) => (kind === 'primary' ? p.isPrimaryProvider : p.isSecondaryProvider))
      .map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }));
    if (current && !list.some((o) => o.value === current)) list.push({ value: current, label: staffNames?.get(current) ?? 'Former provider' });
    return list;
  };

  const { create, dialog: createOverlapDialog } = useOverlapAwareCreate();
  const { update, dialog: updateOverlapDialog } = useOverlapAwareUpdate();
  const remove = useDeleteAppointment();
  const confirmDelete = useConfirmDelete<AppointmentDetail>({
    title: 'Delete appointment',
    message: (a) =>
      `Delete the appointment of ${a.client.firstName} ${a.client.lastName} (${formatSpanInZone(a.startAt, a.endAt, timeZone)}) with its history and add-ons? This cannot be undone.`,
    run: (a) => remove.mutateAsync(a.id),
    success: 'Appointment deleted',
    error: 'Error deleting appointment',
    onDeleted: onClose,
  });

  const setTimes = (times: LocalTimes) => {
    form.set('times', times);
    // The times changed: what was said about them before no longer holds.
    form.setErrors(({ date: _d, start: _s, end: _e, endDate: _ed, ...rest }) => rest);
  };
  const changeServices = (ids: string[]) => {
    form.set('serviceIds', ids);
    setTimes(endFollowingServices(v.times, visitLengthOf(ids), endChangedByUser, timeZone));
  };
  const changeEnd = (patch: { end?: string; endDate?: string }) => {
    setEndChangedByUser(true);
    setTimes(withEnd(v.times, patch, timeZone));
  };
  const changeLocation = (locationId: string) => {
    // Services, providers, add-ons and clients belong to a location; the wall-clock times stay as typed.
    form.set('locationId', locationId);
    form.set('serviceIds', []);
    form.set('addOns', []);
    setPendingAddOn(null);
    form.set('primaryProviderId', '');
    form.set('secondaryProviderId', '');
    if (client.data && client.data.locationId !== locationId) {
      form.set('clientId', '');
      form.set('patientIds', []);
    }
  };
  const changeClient = (clientId: string) => {
    form.set('clientId', clientId);
    // Another household's animals can't come along.
    if (clientId !== v.clientId) form.set('patientIds', []);
  };
  const toggleHomeVisit = (on: boolean) => {
    form.set('homeVisit', on);
    if (on && !v.address.trim() && client.data?.address) form.set('address', client.data.address);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = toInput(v, timeZone);
    const missing = missingFields(v);
    const addOns = [...v.addOns.map(({ addOnId, values }) => ({ addOnId, values })), ...(pendingAddOn ? [pendingAddOn] : [])];
    const problem = endProblem(v.times, timeZone);
    if (problem) missing.end = problem;
    if (badTimes.size > 0 || problem) {
      form.setErrors(placeErrors({ ...missing }));
      if (!editing) notifyCreateError();
      return;
    }
    if (editing) {
      const before = toInput(initial, zoneOf(initial.locationId));
      const patch = Object.fromEntries(
        (Object.keys(input) as (keyof Input)[]).filter((k) => !sameValue(input[k], before[k])).map((k) => [k, input[k]]),
      ) as Partial<Input> & { addOns?: typeof addOns };
      if (addOns.length > 0) patch.addOns = addOns;
      const checked = validate(AppointmentUpdateInput, patch);
      const errors = { ...(checked.ok ? {} : checked.errors), ...missing };
      if (Object.keys(errors).length > 0) return form.setErrors(placeErrors(errors));
      if (Object.keys(patch).length === 0) return onClose();
      setSaving(true);
      try {
        if (await update(appointment.id, patch)) onClose();
      } finally {
        setSaving(false);
      }
      return;
    }
    const full = {
      ...input,
      locationId: v.locationId,
      status: v.status,
      addOns,
    };
    const checked = validate(AppointmentInput, full);
    const errors = { ...(checked.ok ? {} : checked.errors), ...missing };
    if (Object.keys(errors).length > 0) {
      form.setErrors(placeErrors(errors));
      notifyCreateError();
      return;
    }
    setSaving(true);
    try {
      if (await create(full)) onClose();
    } finally {
      setSaving(false);
    }
  };

  const patientOptions = mergePatients(
    // The previous client's list stays on screen while the new one loads; never offer it.
    (patients.data?.items ?? []).filter((p) => p.clientId === v.clientId),
    appointment && appointment.clientId === v.clientId ? appointment.patients : [],
  );
  const zoneNote = `Times are in ${timeZone}`;
  // While the date is being typed (its year passes through 0002, 0020…) the end date waits for it.
  const endOnAnotherDay = isDate(v.times.date) && v.times.endDate !== '' && v.times.endDate !== v.times.date;
  // Shown as soon as the end reads before the start, so it is never out of reach.
  const liveEndProblem = endProblem(v.times, timeZone);
  const showEndDate = endOnAnotherDay || endDateWanted || liveEndProblem === END_BEFORE_START;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogTitle id={titleId}>{editing ? 'Edit appointment' : 'New appointment'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {appointment && <StatusPanel appointment={appointment} />}
          {!editing && locations.length > 1 && (
            <SelectInput
              label="Location"
              required
              value={v.locationId}
              onChange={changeLocation}
              options={locations.map((l) => ({ value: l.id, label: l.name }))}
              error={e.locationId}
            />
          )}
          <ClientPicker
            value={v.clientId}
            locationId={v.locationId}
            onChange={changeClient}
            required
            error={e.clientId}
            helperText="Search by name, phone or email"
          />
          <PatientsInput
            clientId={v.clientId}
            value={v.patientIds}
            onChange={(ids) => form.set('patientIds', ids)}
            options={patientOptions}
            loading={patients.isFetching}
            error={e.patientIds}
          />
          <AppointmentPatients patients={v.patientIds.flatMap((id) => patientOptions.find((p) => p.id === id) ?? [])} />
          <MultiSelectInput
            label="Services"
            options={serviceOptions.map((s) => ({ value: s.id, label: isVisitService(s) ? `${s.name} (${s.duration} min)` : `${s.name} (after the visit)` }))}
            value={v.serviceIds}
            onChange={changeServices}
            loading={services.isLoading}
            error={e.serviceIds}
            helperText={servicesHelp(visitLength, endChangedByUser, afterVisit)}
          />
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 1 }} data-testid="appointment-time-zone">
              {zoneNote}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateInput
                label="Date"
                required
                value={v.times.date}
                onValueChange={(date) => setTimes(withStart(v.times, { date }, timeZone))}
                error={e.date}
              />
              <TimeInput
                label="Start"
                required
                value={v.times.start}
                onCommit={(start) => setTimes(withStart(v.times, { start }, timeZone))}
                onInvalidChange={markBadTime('start')}
                error={e.start}
              />
              <TimeInput
                label="End"
                required
                value={v.times.end}
                onCommit={(end) => changeEnd({ end })}
                onInvalidChange={markBadTime('end')}
                error={e.end ?? liveEndProblem}
                helperText={endOnAnotherDay ? 'On the end date below' : undefined}
              />
            </Stack>
            {showEndDate ? (
              <Box sx={{ mt: 2, maxWidth: { sm: 240 } }}>
                <DateInput label="End date" value={v.times.endDate} onValueChange={(endDate) => changeEnd({ endDate })} error={e.endDate} />
              </Box>
            ) : (
              <Button size="small" onClick={() => setEndDateWanted(true)} sx={{ mt: 1 }}>
                Ends on a later day
              </Button>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SelectInput
              label="Primary provider"
              emptyLabel="None"
              value={v.primaryProviderId}
              onChange={(id) => form.set('primaryProviderId', id)}
              options={providerOptions('primary', v.primaryProviderId)}
              error={e.primaryProviderId}
            />
            <SelectInput
              label="Secondary provider"
              emptyLabel="None"
              value={v.secondaryProviderId}
              onChange={(id) => form.set('secondaryProviderId', id)}
              options={providerOptions('secondary', v.secondaryProviderId)}
              error={e.secondaryProviderId}
            />
          </Stack>
          <Box>
            <SwitchInput label="Home visit" checked={v.homeVisit} onChange={toggleHomeVisit} />
            {v.homeVisit && (
              <TextInput
                label="Address"
                required
                multiline
                minRows={2}
                value={v.address}
                onValueChange={(address) => form.set('address', address)}
                error={e.address}
                sx={{ mt: 1 }}
              />
            )}
          </Box>
          <MessageInput
            label="Notes"
            value={v.notes}
            onValueChange={(notes) => form.set('notes', notes)}
            error={e.notes}
          />
          {!editing && (
            <SelectInput
              label="Status"
              value={v.status}
              onChange={(status) => form.set('status', status as FormValues['status'])}
              options={[
                { value: 'Confirmed', label: 'Confirmed' },
                { value: 'Pending', label: 'Pending' },
              ]}
              helperText="Pending asks for confirmation later"
            />
          )}
          {!editing && (
            <>
              <Divider />
              <NewAppointmentAddOns
                locationId={v.locationId}
                value={v.addOns}
                onChange={(addOns) => form.set('addOns', addOns)}
                onPendingChange={setPendingAddOn}
              />
            </>
          )}
          {appointment && (
            <>
              <Divider />
              <AppointmentAddOns
                appointment={appointment}
                staged={v.addOns}
                onStagedChange={(addOns) => form.set('addOns', addOns)}
                onPendingChange={setPendingAddOn}
              />
              {appointment.source === 'online' && <RequestedTimes appointment={appointment} timeZone={timeZone} />}
              <Divider />
              <StatusHistory appointment={appointment} timeZone={timeZone} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {appointment && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => confirmDelete.ask(appointment)} disabled={saving} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={onClose} disabled={saving}>
          {editing ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          Save
        </Button>
      </DialogActions>
      {createOverlapDialog}
      {updateOverlapDialog}
      {confirmDelete.dialog}
    </Box>
  );
}

interface PatientOption {
  id: string;
  name: string;
  speciesName: string;
  deceasedOn: string | null;
  alerts?: readonly string[];
}

function mergePatients(listed: readonly PatientOption[], onAppointment: readonly PatientOption[]): PatientOption[] {
  const all = [...listed];
  for (const p of onAppointment) if (!all.some((x) => x.id === p.id)) all.push(p);
  return all;
}

interface PatientsInputProps {
  clientId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  options: readonly PatientOption[];
  loading: boolean;
  error?: string;
}

/** The client's animals, several at once; deceased ones stay choosable (aftercare) but are marked. */
function PatientsInput({ clientId, value, onChange, options, loading, error }: PatientsInputProps) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete<PatientOption, true>
      multiple
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next.map((p) => p.id))}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      loading={loading}
      disabled={!clientId}
      noOptionsText="This client has no patients"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {option.speciesName}
              </Typography>
            </Box>
            <DeceasedChip deceasedOn={option.deceasedOn} />
          </Box>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={option.deceasedOn ? `${option.name} (deceased)` : option.name}
              sx={option.deceasedOn ? { bgcolor: 'grey.800', color: 'common.white' } : undefined}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Patients"
          error={Boolean(error)}
          helperText={error ? readableMessage(error) : clientId ? undefined : 'Choose the client first'}
        />
      )}
    />
  );
}
