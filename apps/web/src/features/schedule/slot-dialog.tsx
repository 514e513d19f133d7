import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import {
  localDate,
  localDateTimeToInstant,
  localMinutes,
  MAX_SERIES_WEEKS,
  ScheduleSlotInput,
  ScheduleSlotUpdateInput,
  weekdayOf,
} from '@willow/contracts';
import type { ScheduleSlot, Service, SidebarProvider } from '@willow/contracts';
import { useHasAnyPermission, useProfileQuery } from '../../app/session';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, FormError, MultiSelectInput, numberOrNull, SwitchInput, TextInput, useFormState } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { validate } from '../../lib/zod-errors';
import type { ValidationResult } from '../../lib/zod-errors';
import { formatLocalDate, isLocalDate, minutesOfTimeInput, timeInputValue, weekdayNames } from './calendar-views';
import { providerName } from './calendar-filters';
import { useCreateSlot, useDeleteSlot, useRefreshCalendar, useSlotAvailability, useUpdateSlot } from './schedule.api';

/** Where a new slot starts out: a local day and wall-clock minutes. */
export interface SlotDefaults {
  date: string;
  start: number;
  end: number;
}

interface SlotDialogProps {
  open: boolean;
  onClose: () => void;
  locationId: string;
  timeZone: string;
  providers: readonly SidebarProvider[];
  services: readonly Service[];
  /** the slot being edited; null to create */
  slot: ScheduleSlot | null;
  defaults: SlotDefaults | null;
}

interface SlotForm {
  date: string;
  start: string;
  end: string;
  capacity: string;
  serviceIds: string[];
  providerIds: string[];
  repeat: boolean;
  weekdays: number[];
  weeks: string;
}

/** A slot's end at midnight reads '00:00': that is the end of its day, not its start. */
function endMinutes(start: number | null, end: number | null): number | null {
  if (end === 0 && start !== null && start > 0) return 1440;
  return end;
}

/** Create, edit or delete a schedule slot (or a repeating series), and mark who is available for it. */
export function SlotDialog({ open, onClose, locationId, timeZone, providers, services, slot, defaults }: SlotDialogProps) {
  const form = useFormState<SlotForm>({
    date: '',
    start: '',
    end: '',
    capacity: '1',
    serviceIds: [],
    providerIds: [],
    repeat: false,
    weekdays: [],
    weeks: '4',
  });
  const create = useCreateSlot();
  const update = useUpdateSlot();
  const availability = useSlotAvailability();
  const refresh = useRefreshCalendar();
  const [deleting, setDeleting] = useState(false);
  const canManageUsers = useHasAnyPermission(['users.manage']);
  const me = useProfileQuery().data?.id;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    setDeleting(false);
    if (slot) {
      reset({
        date: localDate(slot.startAt, timeZone),
        start: timeInputValue(localMinutes(slot.startAt, timeZone)),
        end: timeInputValue(localMinutes(slot.endAt, timeZone)),
        capacity: String(slot.capacity),
        serviceIds: [...slot.serviceIds],
        providerIds: [...slot.veterinarianIds],
        repeat: false,
        weekdays: [],
        weeks: '4',
      });
    } else if (defaults) {
      reset({
        date: defaults.date,
        start: timeInputValue(defaults.start),
        end: timeInputValue(defaults.end),
        capacity: '1',
        serviceIds: [],
        providerIds: [],
        repeat: false,
        weekdays: [weekdayOf(defaults.date)],
        weeks: '4',
      });
    }
  }, [open, slot, defaults, timeZone, reset]);

  const v = form.values;
  const serviceOptions = useMemo(() => services.map((s) => ({ value: s.id, label: `${s.name} (${s.type})` })), [services]);
  const busy = create.isPending || update.isPending || availability.isPending;

  /** The slot's instants from the form, or null after marking what is missing. */
  const instants = () => {
    const errors: Record<string, string> = {};
    const start = minutesOfTimeInput(v.start);
    const end = endMinutes(start, minutesOfTimeInput(v.end));
    if (!isLocalDate(v.date)) errors.date = 'is required';
    if (start === null) errors.start = 'is required';
    if (end === null) errors.end = 'is required';
    else if (start !== null && end <= start) errors.end = 'must be after the start';
    if (Object.keys(errors).length || start === null || end === null) {
      form.setErrors(errors);
      return null;
    }
    return {
      startAt: localDateTimeToInstant(v.date, start, timeZone).toISOString(),
      endAt: localDateTimeToInstant(v.date, end, timeZone).toISOString(),
    };
  };

  /** Contract errors name startAt/endAt; the form shows them under its start and end fields. */
  const check = <T,>(result: ValidationResult<T>): T | undefined => {
    if (result.ok) {
      form.setErrors({});
      return result.data;
    }
    const { startAt, endAt, ...rest } = result.errors;
    form.setErrors({ ...rest, ...(startAt ? { start: startAt } : {}), ...(endAt ? { end: endAt } : {}) });
    return undefined;
  };

  /** A number field's value, or null after marking it (the contract's own message would be about types). */
  const wholeNumber = (text: string, errorKey: string) => {
    const n = numberOrNull(text);
    if (n === null || Number.isNaN(n)) {
      form.setErrors((e) => ({ ...e, [errorKey]: 'must be a number' }));
      return null;
    }
    return n;
  };

  const markAvailable = async (changes: { veterinarianId: string; startAt: string; action: 'add' | 'remove' }[]) => {
    if (!changes.length) return;
    try {
      await availability.mutateAsync(changes);
    } catch (error) {
      notifyError('Error updating veterinarian availability', error);
    } finally {
      void refresh();
    }
  };

  const submit = async () => {
    const times = instants();
    if (!times) return;
    const capacity = wholeNumber(v.capacity, 'capacity');
    if (capacity === null) return;
    if (slot) {
      const data = check(validate(ScheduleSlotUpdateInput, { ...times, serviceIds: v.serviceIds, capacity }));
      if (!data) return;
      let updated: ScheduleSlot;
      try {
        updated = await update.mutateAsync({ id: slot.id, data });
        notifySuccess('Schedule slot updated');
      } catch (error) {
        notifyError('Error updating schedule slot', error);
        return;
      }
      // Availability belongs to a start time; the server moves a moved slot's providers with it,
      // so only the providers ticked or unticked here change.
      const before = updated.veterinarianIds;
      await markAvailable([
        ...v.providerIds.filter((id) => !before.includes(id)).map((id) => ({ veterinarianId: id, startAt: updated.startAt, action: 'add' as const })),
        ...before.filter((id) => !v.providerIds.includes(id)).map((id) => ({ veterinarianId: id, startAt: updated.startAt, action: 'remove' as const })),
      ]);
      onClose();
      return;
    }
    const weeks = v.repeat ? wholeNumber(v.weeks, 'repeat.weeks') : null;
    if (v.repeat && weeks === null) return;
    const data = check(
      validate(ScheduleSlotInput, {
        locationId,
        ...times,
        serviceIds: v.serviceIds,
        capacity,
        repeat: v.repeat ? { weekdays: v.weekdays, weeks } : null,
        // Written with the slots, in one transaction: every slot of a series starts with these providers.
        veterinarianIds: v.providerIds,
      }),
    );
    if (!data) return;
    try {
      const created = await create.mutateAsync(data);
      notifySuccess(created.length > 1 ? 'Schedule slots created' : 'Schedule slot created');
    } catch (error) {
      notifyError('Error adding schedule slot', error);
      return;
    }
    onClose();
  };

  const timeField = (key: 'start' | 'end', label: string) => (
    <TextInput
      label={label}
      type="time"
      required
      value={v[key]}
      onValueChange={(x) => form.set(key, x)}
      error={form.errors[key]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
    />
  );
  const mayChange = (providerId: string) => canManageUsers || providerId === me;
  const toggleProvider = (id: string, on: boolean) =>
    form.set('providerIds', on ? [...v.providerIds, id] : v.providerIds.filter((x) => x !== id));

  return (
    <>
      <EntityFormDialog
        open={open && !deleting}
        title={slot ? 'Edit schedule slot' : 'Add schedule slot'}
        submitLabel={slot ? 'Save' : 'Create'}
        submitting={busy}
        onSubmit={() => void submit()}
        onClose={onClose}
        dirty={form.dirty}
        onDelete={slot ? () => setDeleting(true) : undefined}
      >
        <DateInput label="Date" required value={v.date} onValueChange={(x) => form.set('date', x)} error={form.errors.date} />
        <Stack direction="row" spacing={2}>
          {timeField('start', 'Start')}
          {timeField('end', 'End')}
        </Stack>
        <TextInput
          label="Capacity"
          type="number"
          required
          value={v.capacity}
          onValueChange={(x) => form.set('capacity', x)}
          error={form.errors.capacity}
          helperText="How many appointments the slot takes"
          slotProps={{ htmlInput: { min: 1, max: 100 } }}
        />
        <MultiSelectInput
          label="Services"
          options={serviceOptions}
          value={v.serviceIds}
          onChange={(x) => form.set('serviceIds', x)}
          error={form.errors.serviceIds}
          helperText="None chosen: any service"
        />
        {providers.length > 0 && (
          <FormControl component="fieldset">
            <FormLabel component="legend">Available providers</FormLabel>
            <FormGroup>
              {providers.map((p) => (
                <FormControlLabel
                  key={p.id}
                  control={
                    <Checkbox
                      checked={v.providerIds.includes(p.id)}
                      onChange={(e) => toggleProvider(p.id, e.target.checked)}
                      disabled={!mayChange(p.id)}
                    />
                  }
                  label={providerName(p)}
                />
              ))}
            </FormGroup>
            <FormHelperText>Marks them available at this slot’s start time</FormHelperText>
          </FormControl>
        )}
        {!slot && (
          <>
            <SwitchInput label="Repeat weekly" checked={v.repeat} onChange={(x) => form.set('repeat', x)} />
            {v.repeat && (
              <>
                <FormControl>
                  <FormLabel>On</FormLabel>
                  <ToggleButtonGroup
                    size="small"
                    value={v.weekdays}
                    onChange={(_, next: number[]) => form.set('weekdays', [...next].sort())}
                    aria-label="Weekdays"
                    sx={{ flexWrap: 'wrap' }}
                  >
                    {weekdayNames().map((name, day) => (
                      <ToggleButton key={name} value={day} sx={{ textTransform: 'none', px: 1.5 }}>
                        {name}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  <FormError message={form.errors['repeat.weekdays']} />
                </FormControl>
                <TextInput
                  label="Number of weeks"
                  type="number"
                  value={v.weeks}
                  onValueChange={(x) => form.set('weeks', x)}
                  error={form.errors['repeat.weeks']}
                  helperText={`From the week of ${isLocalDate(v.date) ? formatLocalDate(v.date) : 'the date above'}, up to ${MAX_SERIES_WEEKS}`}
                  slotProps={{ htmlInput: { min: 1, max: MAX_SERIES_WEEKS } }}
                />
              </>
            )}
          </>
        )}
      </EntityFormDialog>
      {slot && (
        <DeleteSlotDialog
          open={open && deleting}
          slot={slot}
          onCancel={() => setDeleting(false)}
          onDeleted={onClose}
        />
      )}
    </>
  );
}

function DeleteSlotDialog({ open, slot, onCancel, onDeleted }: { open: boolean; slot: ScheduleSlot; onCancel: () => void; onDeleted: () => void }) {
  const remove = useDeleteSlot();
  const [series, setSeries] = useState<'one' | 'following'>('one');
  useEffect(() => {
    if (open) setSeries('one');
  }, [open]);
  const confirm = async () => {
    try {
      const answer = await remove.mutateAsync({ id: slot.id, series });
      notifySuccess(answer.deleted > 1 ? 'Schedule slots deleted' : 'Schedule slot deleted');
      onDeleted();
    } catch (error) {
      notifyError('Error deleting schedule slot', error);
    }
  };
  return (
    <Dialog open={open} onClose={remove.isPending ? undefined : onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>Delete schedule slot</DialogTitle>
      <DialogContent>
        {slot.seriesId ? (
          <RadioGroup value={series} onChange={(e) => setSeries(e.target.value as 'one' | 'following')}>
            <FormControlLabel value="one" control={<Radio />} label="This slot" />
            <FormControlLabel value="following" control={<Radio />} label="This and following slots of the series" />
          </RadioGroup>
        ) : (
          <DialogContentText>The slot will be removed from the calendar. Appointments stay as they are.</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
