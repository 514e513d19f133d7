import { useCallback, useMemo, useState } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_TITLE_MAX, taskOps } from '@willow/contracts';
import type { Task, TaskPriority } from '@willow/contracts';
import { useProfileQuery } from '../../app/session';
import { DirtyReportContext } from '../../components/dirty-report';
import { DateInput, SelectInput, TextInput } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { ClientPicker } from '../clients/client-picker';
import { useLocations, useZoneOf } from '../locations/locations.api';
import { usePatientList } from '../patients/patients.api';
import { TimeInput } from '../appointments/time-input';
import { formatInZone } from '../appointments/appointment-times';
import { useAssigneeOptions } from './assignee-options';
import { blankTask, dueProblems, inputOfTask, quickTask, valuesOfTask } from './task-values';
import type { TaskDraft, TaskFormValues, TaskSubject } from './task-values';
import { useCreateTask, useUpdateTask } from './tasks.api';

export const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));

/** What the contract refuses, so a due field that cannot be read never saves as "no due time". */
const NOT_AN_INSTANT = 'not a time';

interface TaskFormDialogProps {
  open: boolean;
  /** the task to edit; null for a new one (from `draft`) */
  task: Task | null;
  draft: TaskDraft | null;
  /** a quick task about this record (see quickTask), in place of a draft */
  subject?: TaskSubject | undefined;
  onClose: () => void;
}

/**
 * A task's dialog: title, notes, when it is due (typed in the location's zone, whatever the
 * browser's), priority, who has it (a person or a role) and what it is about. Esc or a click
 * outside asks before discarding what was typed.
 */
export function TaskFormDialog(props: TaskFormDialogProps) {
  // The values are set once, from the location's zone and (a quick task) who I am: the form waits
  // for them rather than being filled again under what someone has started typing.
  const profile = useProfileQuery();
  const locations = useLocations(false);
  const settled = (q: { data?: unknown; isError: boolean }) => q.data !== undefined || q.isError;
  const ready = settled(locations) && (!props.subject || settled(profile));
  // Opened from inside another guarded dialog (an appointment's), the task's changes are its own
  // dialog's to guard: reported to the appointment's, they would make closing that one ask too.
  return <DirtyReportContext.Provider value={null}>{ready && <TaskForm {...props} />}</DirtyReportContext.Provider>;
}

function TaskForm({ open, task, draft: given, subject, onClose }: TaskFormDialogProps) {
  const zoneOf = useZoneOf();
  const me = useProfileQuery().data?.id ?? null;
  // Mounted for one opening (see useTaskActions): its draft is fixed when it opens.
  const [draft] = useState(() => (subject ? quickTask(subject, zoneOf(subject.locationId), me) : given));
  const locations = useLocations(true);
  // A Time field holding text that is not a time: the form is not saved until it is fixed.
  const [badTime, setBadTime] = useState(false);
  const blank = useCallback(() => blankTask(draft ?? { locationId: '' }), [draft]);
  const fromRecord = useCallback((t: Task) => valuesOfTask(t, zoneOf(t.locationId)), [zoneOf]);
  const toInput = (v: TaskFormValues) => {
    const zone = zoneOf(v.locationId);
    const input = inputOfTask(v, zone);
    const broken = badTime || Object.keys(dueProblems(v)).length > 0;
    return broken ? { ...input, dueAt: NOT_AN_INSTANT } : input;
  };
  const { form, dialog } = useEntityForm({
    ops: taskOps,
    create: useCreateTask(),
    update: useUpdateTask(),
    noun: 'task',
    open,
    record: task,
    blank,
    fromRecord,
    toInput,
    onClose,
  });
  const v = form.values;
  const e = form.errors;
  const timeZone = zoneOf(v.locationId);
  const assignees = useAssigneeOptions(task);
  const patients = usePatientList({ clientId: v.clientId, limit: 200, offset: 0 }, Boolean(v.clientId));
  const patientOptions = useMemo(() => {
    const list = (patients.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
    // The linked patient stays shown while the client's list loads (or if it is no longer listed).
    const linked = task?.patient ?? (draft?.patientId && draft.patientName ? { id: draft.patientId, name: draft.patientName } : null);
    if (v.patientId && linked && linked.id === v.patientId && !list.some((o) => o.value === v.patientId)) list.unshift({ value: linked.id, label: linked.name });
    return list;
  }, [patients.data, task, draft, v.patientId]);

  // A due problem is said under the field it is about, in words, once a save has been tried.
  const due = e.dueAt ? dueProblems(v) : {};
  const dueTimeError = due.dueTime ?? (e.dueAt && !due.dueDate && !badTime ? e.dueAt : undefined);
  const setDue = (key: 'dueDate' | 'dueTime', value: string) => {
    form.set(key, value);
    form.setErrors(({ dueAt: _dueAt, ...rest }) => rest);
  };
  const appointment = task?.appointment ?? (draft?.appointmentId ? { id: draft.appointmentId, label: draft.appointmentLabel ?? 'This appointment', startAt: '' } : null);
  const invoice = task?.invoice ?? null;
  const activeLocations = locations.data ?? [];

  return dialog(
    <>
      {!task && activeLocations.length > 1 && (
        <SelectInput
          label="Location"
          required
          value={v.locationId}
          onChange={(id) => form.set('locationId', id)}
          options={activeLocations.map((l) => ({ value: l.id, label: l.name }))}
          error={e.locationId}
        />
      )}
      <TextInput
        label="Title"
        required
        autoFocus={!v.title}
        value={v.title}
        onValueChange={(x) => form.set('title', x)}
        error={e.title}
        slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX } }}
      />
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 1 }} data-testid="task-time-zone">
          {`Due in ${timeZone}`}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateInput label="Due date" value={v.dueDate} onValueChange={(x) => setDue('dueDate', x)} error={due.dueDate} />
          <TimeInput
            label="Due time"
            value={v.dueTime}
            onCommit={(x) => setDue('dueTime', x)}
            onInvalidChange={setBadTime}
            error={dueTimeError}
          />
        </Stack>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          label="Assigned to"
          value={v.assignee}
          onChange={(x) => form.set('assignee', x)}
          options={assignees}
          emptyLabel="No one"
          error={e.assignedToId ?? e.assignedRoleId}
          helperText="A role: everyone holding it sees the task"
        />
        <SelectInput
          label="Priority"
          value={v.priority}
          onChange={(x) => form.set('priority', x as TaskPriority)}
          options={PRIORITY_OPTIONS}
          error={e.priority}
        />
      </Stack>
      <TextInput label="Notes" multiline minRows={2} value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
      <ClientPicker
        value={v.clientId}
        onChange={(id) => {
          form.set('clientId', id);
          if (id !== v.clientId) form.set('patientId', '');
        }}
        locationId={v.locationId || null}
        error={e.clientId}
        helperText="Optional: who the task is about"
      />
      {v.clientId && (
        <SelectInput label="Patient" value={v.patientId} onChange={(x) => form.set('patientId', x)} options={patientOptions} emptyLabel="None" error={e.patientId} />
      )}
      {(appointment || invoice) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Linked records">
          {appointment && v.appointmentId && (
            <Chip
              label={`Appointment: ${appointment.startAt ? `${formatInZone(appointment.startAt, timeZone)} · ` : ''}${appointment.label}`}
              onDelete={() => form.set('appointmentId', '')}
            />
          )}
          {invoice && v.invoiceId && <Chip label={`Invoice ${invoice.label}`} onDelete={() => form.set('invoiceId', '')} />}
        </Stack>
      )}
    </>,
  );
}
