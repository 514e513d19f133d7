import { useCallback, useMemo, useState } from 'react';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import {
  APPOINTMENT_STATUSES,
  AUTOMATION_NAME_MAX,
  AUTOMATION_TRIGGER_LABELS,
  AUTOMATION_TRIGGERS,
  serviceOps,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_TITLE_MAX,
} from '@willow/contracts';
import type { AutomationKind, AutomationOffsetUnit, TaskPriority } from '@willow/contracts';
import { MultiSelectInput, SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import type { Option } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { api } from '../../lib/http-client';
import { serviceKeys } from '../../lib/query-keys';
import { TimeInput } from '../appointments/time-input';
import { useLocations } from '../locations/locations.api';
import { useAssigneeOptions } from '../tasks/assignee-options';
import { fieldsFor } from './automation-rules';
import { blankAutomation, formOpsOf, inputOfAutomation, valuesOfAutomation, withTrigger } from './automation-values';
import type { AutomationFormValues } from './automation-values';
import { useAutomationMutations, useMessageTemplates } from './automations.api';
import type { AnyAutomation } from './automations.api';

export const KIND_NOUNS: Record<AutomationKind, string> = { email: 'email automation', sms: 'SMS automation', task: 'task automation' };
const TRIGGER_OPTIONS = AUTOMATION_TRIGGERS.map((t) => ({ value: t, label: AUTOMATION_TRIGGER_LABELS[t] }));
const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s }));
const UNIT_LABELS: Record<AutomationOffsetUnit, string> = { minutes: 'Minutes', hours: 'Hours', days: 'Days' };
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));
/** What the contract refuses as a time of day: a send time that cannot be read never saves as "none". */
const NOT_A_TIME = 'not a time';

/** The offset's label, as the trigger reads it. */
function offsetLabel(v: AutomationFormValues): string {
  if (v.trigger === 'appointmentUpcoming' || v.trigger === 'vaccinationDue' || v.trigger === 'patientBirthday') return 'How long before';
  return 'How long after (0: at once)';
}

interface AutomationFormDialogProps {
  kind: AutomationKind;
  open: boolean;
  /** the automation to edit; null for a new one */
  automation: AnyAutomation | null;
  /** a new one's location (null: every location) */
  locationId: string | null;
  onClose: () => void;
}

/**
 * One kind's automation dialog: its name and location, the trigger with the fields that trigger
 * has (the status of a status change, the delay and its unit, the time of day of a day-based one,
 * the services of an appointment's, the household of a vaccination's), who it is for, whether it
 * waits for approval, and its action (an email or SMS template, or the task it makes). The values
 * are checked against the contract's input; Esc or a click outside asks before discarding them.
 */
export function AutomationFormDialog({ kind, open, automation, locationId, onClose }: AutomationFormDialogProps) {
  const { create, update } = useAutomationMutations(kind);
  const [badTime, setBadTime] = useState(false);
  const blank = useCallback(() => blankAutomation(locationId), [locationId]);
  const toInput = (v: AutomationFormValues) => {
    const input = inputOfAutomation(kind, v);
    return badTime && fieldsFor(v.trigger, v.offsetUnit).sendTime ? { ...input, sendTime: NOT_A_TIME } : input;
  };
  const ops = useMemo(() => formOpsOf(kind), [kind]);
  const { form, dialog } = useEntityForm({
    ops,
    create,
    update,
    noun: 'automation',
    title: (a) => `${a ? 'Edit' : 'New'} ${KIND_NOUNS[kind]}`,
    open,
    record: automation,
    blank,
    fromRecord: valuesOfAutomation,
    toInput,
    onClose,
  });
  const v = form.values;
  const e = form.errors;
  const fields = fieldsFor(v.trigger, v.offsetUnit);
  const locations = useLocations(true);
  const activeLocations = locations.data ?? [];
  const locationName = (id: string) => activeLocations.find((l) => l.id === id)?.name;
  const setAll = (next: AutomationFormValues) => {
    for (const key of Object.keys(next) as (keyof AutomationFormValues)[]) if (next[key] !== v[key]) form.set(key, next[key]);
  };

  return dialog(
    <>
      <TextInput
        label="Name"
        required
        autoFocus={!v.name}
        value={v.name}
        onValueChange={(x) => form.set('name', x)}
        error={e.name}
        slotProps={{ htmlInput: { maxLength: AUTOMATION_NAME_MAX } }}
      />
      <SelectInput
        label="Location"
        value={v.locationId}
        onChange={(x) => form.set('locationId', x)}
        options={activeLocations.map((l) => ({ value: l.id, label: l.name }))}
        emptyLabel="All locations"
        error={e.locationId}
      />
      <Divider textAlign="left">
        <Typography variant="overline">When</Typography>
      </Divider>
      <SelectInput label="Trigger" required value={v.trigger} onChange={(x) => setAll(withTrigger(v, x as AutomationFormValues['trigger']))} options={TRIGGER_OPTIONS} error={e.trigger} />
      {fields.status && (
        <SelectInput label="Status" required value={v.status} onChange={(x) => form.set('status', x as AutomationFormValues['status'])} options={STATUS_OPTIONS} error={e.status} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          label={offsetLabel(v)}
          type="number"
          value={v.offset}
          onValueChange={(x) => form.set('offset', x)}
          error={e.offset}
          slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
        />
        <SelectInput
          label="Unit"
          value={v.offsetUnit}
          onChange={(x) => form.set('offsetUnit', x as AutomationOffsetUnit)}
          options={fields.units.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
          disabled={fields.units.length === 1}
          error={e.offsetUnit}
          helperText={fields.units.length === 1 ? 'This trigger counts in days' : undefined}
        />
        {fields.sendTime && (
          <TimeInput
            label="Send time"
            required={fields.sendTimeRequired}
            value={v.sendTime}
            onCommit={(x) => form.set('sendTime', x)}
            onInvalidChange={setBadTime}
            error={e.sendTime}
            helperText={fields.sendTimeRequired ? "On the location's clock" : "Optional, on the location's clock"}
          />
        )}
      </Stack>
      {fields.services && <ServicesField value={v.serviceIds} onChange={(x) => form.set('serviceIds', x)} locationId={v.locationId} error={e.serviceIds} />}
      {fields.household && (
        <SwitchInput label="One message per household, naming every pet due" checked={v.household} onChange={(x) => form.set('household', x)} />
      )}
      <SwitchInput
        label="Also for pets that have died"
        checked={fields.forDeceasedFixed || v.forDeceased}
        onChange={(x) => form.set('forDeceased', x)}
        disabled={fields.forDeceasedFixed}
      />
      <SwitchInput label="Requires approval (waits in the queue until staff send it)" checked={v.requiresApproval} onChange={(x) => form.set('requiresApproval', x)} />
      <SwitchInput label="Active" checked={v.active} onChange={(x) => form.set('active', x)} />
      <Divider textAlign="left">
        <Typography variant="overline">{kind === 'task' ? 'The task' : 'The message'}</Typography>
      </Divider>
      {kind === 'task' ? (
        <TaskFields values={v} errors={e} set={form.set} automation={automation} />
      ) : (
        <TemplateField kind={kind} values={v} errors={e} set={form.set} locationName={locationName} />
      )}
    </>,
  );
}

type FieldProps = {
  values: AutomationFormValues;
  errors: Record<string, string>;
  set: <K extends keyof AutomationFormValues>(key: K, value: AutomationFormValues[K]) => void;
};

/** The email or SMS template it sends: the location's, or any location's for one of every location. */
function TemplateField({ kind, values: v, errors: e, set, locationName }: FieldProps & { kind: 'email' | 'sms'; locationName: (id: string) => string | undefined }) {
  const templates = useMessageTemplates(kind, v.locationId || null);
  const key = kind === 'email' ? 'emailTemplateId' : 'smsTemplateId';
  const options = useMemo<Option[]>(
    () =>
      (templates.data ?? []).map((t) => {
        const where = !v.locationId ? locationName(t.locationId) : undefined;
        return { value: t.id, label: where ? `${t.name} (${where})` : t.name };
      }),
    [templates.data, v.locationId, locationName],
  );
  return (
    <SelectInput
      label={kind === 'email' ? 'Email template' : 'SMS template'}
      required
      value={v[key]}
      onChange={(x) => set(key, x)}
      options={options}
      error={e[key]}
      helperText={templates.data && options.length === 0 ? 'No templates yet: add one under Settings › Templates' : undefined}
    />
  );
}

/** The task it makes: title, notes, priority, when it is due and who has it. */
function TaskFields({ values: v, errors: e, set, automation }: FieldProps & { automation: AnyAutomation | null }) {
  const assignees = useAssigneeOptions(automation?.kind === 'task' ? automation : null);
  return (
    <>
      <TextInput label="Task title" required value={v.taskTitle} onValueChange={(x) => set('taskTitle', x)} error={e.taskTitle} slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX } }} />
      <TextInput label="Task notes" multiline minRows={2} value={v.taskNotes} onValueChange={(x) => set('taskNotes', x)} error={e.taskNotes} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput label="Priority" value={v.taskPriority} onChange={(x) => set('taskPriority', x as TaskPriority)} options={PRIORITY_OPTIONS} error={e.taskPriority} />
        <TextInput
          label="Due in (days)"
          type="number"
          value={v.taskDueInDays}
          onValueChange={(x) => set('taskDueInDays', x)}
          error={e.taskDueInDays}
          helperText="0: the same day"
          slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
        />
      </Stack>
      <SelectInput
        label="Assigned to"
        value={v.assignee}
        onChange={(x) => set('assignee', x)}
        options={assignees}
        emptyLabel="No one"
        error={e.assignedToId ?? e.assignedRoleId}
        helperText="A role: everyone holding it sees the task"
      />
    </>
  );
}

/** Only appointments with one of these services (none: any): the location's services, or every location's. */
function ServicesField({ value, onChange, locationId, error }: { value: string[]; onChange: (ids: string[]) => void; locationId: string; error?: string | undefined }) {
  const locations = useLocations(true);
  const wanted = locationId ? [locationId] : (locations.data ?? []).map((l) => l.id);
  const lists = useQueries({
    queries: wanted.map((id) => {
      const query = { locationId: id, onlyActive: true };
      return { queryKey: serviceKeys.list(query), queryFn: ({ signal }: { signal: AbortSignal }) => api(serviceOps.list, { query, signal }) };
    }),
  });
  const several = wanted.length > 1;
  const options = lists.flatMap((list, i) => {
    const where = several ? locations.data?.find((l) => l.id === wanted[i])?.name : undefined;
    return (list.data ?? []).map((s) => ({ value: s.id, label: where ? `${s.name} (${where})` : s.name }));
  });
  return (
    <Box>
      <MultiSelectInput
        label="Services"
        options={options}
        value={value}
        onChange={onChange}
        loading={lists.some((l) => l.isLoading)}
        error={error}
        helperText="Only appointments with one of these services; none: any appointment"
      />
    </Box>
  );
}
