import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogTitle, Divider, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { DELETE_RECORDS, END_OF_LIFE_SERVICE_TYPES, type AppointmentDetail, type Location } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { MessageInput, SelectInput, SwitchInput, TextInput, useFormState } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useStableHandlers } from '../../lib/use-stable-handlers';
import { useClient } from '../clients/clients.api';
import { InsertNoteTemplate, useNoteInsertion } from '../templates/insert-note-template';
import { EndOfLifeJourney } from '../end-of-life/end-of-life-journey';
import { isEndOfLife } from '../end-of-life/journey-steps';
import { AppointmentForms } from '../forms/appointment-forms';
import { AppointmentBilling } from '../invoices/appointment-billing';
import { usePatientList } from '../patients/patients.api';
import { AddTaskButton } from '../tasks/add-task-button';
import { useStaffNames } from '../users/users.api';
import { AftercareChoices } from './aftercare-choices';
import { AppointmentAddOns, NewAppointmentAddOns } from './appointment-add-ons';
import type { PendingAddOn } from './appointment-add-on-values';
import { AppointmentClientSection } from './appointment-client-section';
import { RequestedTimes, StatusHistory, StatusPanel } from './appointment-details';
import { addsHomeService, hasAfterVisitService, patientOptionsOf, serviceOptionsOf, servicesHelp, visitLengthOf } from './appointment-form-options';
import { endSetByHand, requestFields, submissionOf, valuesOfAppointment, valuesOfNew } from './appointment-form-values';
import type { AppointmentDraft, AppointmentFormValues } from './appointment-form-values';
import { notifyCreateError } from './appointment-messages';
import { AppointmentProviderFields } from './appointment-provider-fields';
import { AppointmentTimeSection } from './appointment-time-section';
import { endFollowingServices, formatSpanInZone } from './appointment-times';
import type { LocalTimes } from './appointment-times';
import { useDeleteAppointment, useLocationServices, useScheduleSidebar } from './appointments.api';
import { ServicesInput } from './services-input';
import { useBookingAssists } from './use-booking-assists';
import { useOverlapAwareCreate, useOverlapAwareUpdate } from './use-overlap-aware-save';

export interface AppointmentFormProps {
  titleId: string;
  appointment: AppointmentDetail | null;
  draft: AppointmentDraft | null;
  clientId: string | null;
  /** with clientId: the animal a new appointment is for */
  patientId: string | null;
  defaultLocationId: string;
  locations: readonly Location[];
  zoneOf: (locationId: string) => string;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}

const initialValues = (p: AppointmentFormProps): AppointmentFormValues =>
  p.appointment ? valuesOfAppointment(p.appointment, p.zoneOf(p.appointment.locationId)) : valuesOfNew(p, p.zoneOf);

/** A new appointment's first status. */
const NEW_STATUSES = [
  { value: 'Confirmed', label: 'Confirmed' },
  { value: 'Pending', label: 'Pending' },
];
/** Before the schedule's providers are in: one empty list, not a new one each draw. */
const NO_PROVIDERS: never[] = [];

/** The appointment's fields, its add-ons and status, and Save / Delete. */
export function AppointmentForm(props: AppointmentFormProps) {
  const { titleId, appointment, locations, zoneOf, onBusyChange, onClose } = props;
  const editing = appointment !== null;
  const [initial] = useState(() => initialValues(props));
  const form = useFormState<AppointmentFormValues>(initial);
  const v = form.values;
  const e = form.errors;
  const timeZone = zoneOf(v.locationId);
  const [endChangedByUser, setEndChangedByUser] = useState(() => endSetByHand(appointment, props.draft));
  // Start or End fields holding text that is not a time: nothing is saved until they are fixed.
  const [badTimes, setBadTimes] = useState<ReadonlySet<string>>(new Set());
  const markBadTime = (field: string, bad: boolean) =>
    setBadTimes((current) => {
      const next = new Set(current);
      if (bad) next.add(field);
      else next.delete(field);
      return next;
    });
  // An add-on chosen in the picker without pressing "Attach" is still what the person wants: Save takes it.
  const [pendingAddOn, setPendingAddOn] = useState<PendingAddOn | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => onBusyChange(saving), [saving, onBusyChange]);

  // The form reads every query and hands the sections what to show. With the queries in the
  // sections, the form re-rendered at other moments, and the add-on picker's choice, cleared just
  // after Attach, could still be read by a Save clicked at once (the dialog tests do) and sent twice.
  const services = useLocationServices(v.locationId);
  const sidebar = useScheduleSidebar(v.locationId);
  const staffNames = useStaffNames();
  const client = useClient(v.clientId || undefined);
  const patients = usePatientList({ clientId: v.clientId, limit: 200, offset: 0, includeDeceased: true }, Boolean(v.clientId));

  const serviceOptions = useMemo(() => serviceOptionsOf(services.data ?? [], appointment?.services ?? []), [services.data, appointment]);
  const patientOptions = useMemo(() => patientOptionsOf(patients.data?.items ?? [], v.clientId, appointment), [patients.data, v.clientId, appointment]);
  const assists = useBookingAssists({
    active: !editing,
    values: v,
    set: form.set,
    client: client.data,
    // only once the chosen client's own list is in (the previous one stays on screen while it loads)
    patients: patients.data && !patients.isFetching ? patientOptions : undefined,
  });
  const visitLength = visitLengthOf(serviceOptions, v.serviceIds);
  const afterVisit = hasAfterVisitService(serviceOptions, v.serviceIds);

  const { create, dialog: createOverlapDialog } = useOverlapAwareCreate();
  const { update, dialog: updateOverlapDialog } = useOverlapAwareUpdate();
  const remove = useDeleteAppointment();
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);
  const confirmDelete = useConfirmDelete<AppointmentDetail>({
    title: 'Delete appointment',
    message: (a) =>
      `Delete the appointment of ${a.client.firstName} ${a.client.lastName} (${formatSpanInZone(a.startAt, a.endAt, timeZone)}) for good, with its status history and add-ons? This cannot be undone. To call it off and keep it on record, cancel it instead.`,
    run: (a) => remove.mutateAsync(a.id),
    success: 'Appointment deleted',
    error: 'Error deleting appointment',
    onDeleted: onClose,
  });

  const notes = useNoteInsertion(v.notes, (text) => form.set('notes', text));

  const setTimes = (times: LocalTimes) => {
    form.set('times', times);
    // The times changed: what was said about them before no longer holds.
    form.setErrors(({ date: _d, start: _s, end: _e, endDate: _ed, ...rest }) => rest);
  };
  const changeServices = (ids: string[]) => {
    form.set('serviceIds', ids);
    // A home euthanasia or a home visit happens at the client's: the switch goes on with their address.
    if (!v.homeVisit && addsHomeService(serviceOptions, v.serviceIds, ids)) toggleHomeVisit(true);
    setTimes(endFollowingServices(v.times, visitLengthOf(serviceOptions, ids), endChangedByUser, timeZone));
  };
  const changeEnd = (times: LocalTimes) => {
    setEndChangedByUser(true);
    setTimes(times);
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
    if (clientId === v.clientId) return;
    // Another household's animals can't come along, nor the address filled in from the previous client.
    form.set('patientIds', []);
    if (client.data?.address && v.address === client.data.address) form.set('address', '');
  };
  function toggleHomeVisit(on: boolean) {
    form.set('homeVisit', on);
    if (on && !v.address.trim() && client.data?.address && client.data.id === v.clientId) {
      form.set('address', client.data.address);
      assists.filledBy(v.clientId);
    }
  }

  // The form's parts are memoised: handed these (the same functions for the dialog's life, calling
  // the ones above as the form last drew), a part is drawn again only when its own values change,
  // not for each key typed into another field (decision 0326).
  const on = useStableHandlers({
    changeLocation,
    changeClient,
    changeServices,
    setTimes,
    changeEnd,
    markBadTime,
    toggleHomeVisit,
    setPatients: (ids: string[]) => form.set('patientIds', ids),
    setPrimary: (id: string) => form.set('primaryProviderId', id),
    setSecondary: (id: string) => form.set('secondaryProviderId', id),
    setStatus: (status: string) => form.set('status', status as AppointmentFormValues['status']),
    setAddOns: (addOns: AppointmentFormValues['addOns']) => form.set('addOns', addOns),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const submission = submissionOf(v, {
      initial: appointment && { id: appointment.id, values: initial, timeZone: zoneOf(initial.locationId) },
      timeZone,
      staged: v.addOns,
      pending: pendingAddOn,
      badTimes: badTimes.size > 0,
    });
    if (submission.kind === 'invalid') {
      form.setErrors(submission.errors);
      if (!editing) notifyCreateError();
      return;
    }
    if (submission.kind === 'unchanged') return onClose();
    setSaving(true);
    try {
      const saved =
        submission.kind === 'update'
          ? await update(submission.id, submission.patch, { locationId: v.locationId, ...requestFields(v, timeZone) })
          : await create(submission.body);
      if (saved) onClose();
    } finally {
      setSaving(false);
    }
  };

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
          {appointment && <EndOfLifeJourney appointment={appointment} />}
          {!editing && locations.length > 1 && (
            <SelectInput
              label="Location"
              required
              value={v.locationId}
              onChange={on.changeLocation}
              options={locations.map((l) => ({ value: l.id, label: l.name }))}
              error={e.locationId}
            />
          )}
          <AppointmentClientSection
            clientId={v.clientId}
            client={client.data}
            autoFocus={!editing && !initial.clientId}
            locationId={v.locationId}
            patientIds={v.patientIds}
            patientOptions={patientOptions}
            patientsLoading={patients.isFetching}
            errors={e}
            onClientChange={on.changeClient}
            onPatientsChange={on.setPatients}
          />
          <ServicesInput
            options={serviceOptions}
            value={v.serviceIds}
            onChange={on.changeServices}
            loading={services.isLoading}
            error={e.serviceIds}
            helperText={servicesHelp(visitLength, endChangedByUser, afterVisit)}
          />
          <AppointmentTimeSection
            times={v.times}
            timeZone={timeZone}
            errors={e}
            onStartChange={on.setTimes}
            onEndChange={on.changeEnd}
            onInvalidChange={on.markBadTime}
          />
          <AppointmentProviderFields
            providers={sidebar.data?.providers ?? NO_PROVIDERS}
            staffNames={staffNames}
            primaryProviderId={v.primaryProviderId}
            secondaryProviderId={v.secondaryProviderId}
            errors={e}
            onPrimaryChange={on.setPrimary}
            onSecondaryChange={on.setSecondary}
          />
          <Box>
            <SwitchInput label="Home visit" checked={v.homeVisit} onChange={on.toggleHomeVisit} />
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
          <Stack spacing={0.5}>
            <MessageInput label="Notes" value={v.notes} onValueChange={(text) => form.set('notes', text)} error={e.notes} {...notes.field} />
            <InsertNoteTemplate
              record={{
                locationId: v.locationId || null,
                clientId: v.clientId || undefined,
                // a note about one animal is filled in with it; with several, the template's patient fields stay for the vet
                patientId: v.patientIds.length === 1 ? v.patientIds[0] : undefined,
                appointmentId: appointment?.id,
              }}
              onInsert={notes.insert}
            />
          </Stack>
          {!editing && (
            <SelectInput
              label="Status"
              value={v.status}
              onChange={on.setStatus}
              options={NEW_STATUSES}
              helperText="Pending asks for confirmation later"
            />
          )}
          {!editing && (
            <>
              <Divider />
              <NewAppointmentAddOns
                locationId={v.locationId}
                value={v.addOns}
                onChange={on.setAddOns}
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
              {appointment.services.some((s) => END_OF_LIFE_SERVICE_TYPES.includes(s.type as (typeof END_OF_LIFE_SERVICE_TYPES)[number])) && (
                <AftercareChoices appointment={appointment} />
              )}
              <Divider />
              <AppointmentForms appointment={appointment} choices={!isEndOfLife(appointment.services)} />
              <Divider />
              <AppointmentBilling appointment={appointment} />
              {appointment.source === 'online' && <RequestedTimes appointment={appointment} timeZone={timeZone} />}
              <Divider />
              <StatusHistory appointment={appointment} timeZone={timeZone} />
            </>
          )}
        </Stack>
      </DialogContent>
      {/* Delete, Add task, Close and Save: on a phone they wrap rather than run off the side. */}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {/* Cancelling is the everyday action (the status panel); deleting for good needs records.delete. */}
        {appointment && canDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => confirmDelete.ask(appointment)} disabled={saving} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        {appointment && (
          // A task about this appointment: "Call back <client>" tomorrow 10:00, linked to it (decision 0200).
          <AddTaskButton
            subject={{
              locationId: appointment.locationId,
              clientId: appointment.clientId,
              clientName: `${appointment.client.firstName} ${appointment.client.lastName}`,
              ...(appointment.patients.length === 1 && { patientId: appointment.patients[0]!.id, patientName: appointment.patients[0]!.name }),
              appointmentId: appointment.id,
              appointmentLabel: appointment.services.map((s) => s.name).join(', ') || 'Appointment',
            }}
          />
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
