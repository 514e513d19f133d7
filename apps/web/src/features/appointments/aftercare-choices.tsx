import { Stack } from '@mui/material';
import {
  ASHES_DISPOSITION_LABELS,
  ASHES_DISPOSITIONS,
  CREMATION_TYPE_LABELS,
  CREMATION_TYPES,
  type AppointmentDetail,
  type AppointmentUpdateInput,
} from '@willow/contracts';
import { SelectInput } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useUpdateAppointment } from './appointments.api';

const CREMATION_OPTIONS = CREMATION_TYPES.map((t) => ({ value: t, label: CREMATION_TYPE_LABELS[t] }));
const ASHES_OPTIONS = ASHES_DISPOSITIONS.map((d) => ({ value: d, label: ASHES_DISPOSITION_LABELS[d] }));

/**
 * The aftercare the family chose (decision 0185): the cremation type and what becomes of the ashes,
 * each saved on the appointment as soon as it is picked. The end-of-life journey shows it too.
 */
export function AftercareChoices({ appointment }: { appointment: AppointmentDetail }) {
  const update = useUpdateAppointment();
  const save = (data: AppointmentUpdateInput) =>
    update.mutate(
      { id: appointment.id, data },
      { onSuccess: () => notifySuccess('Aftercare saved'), onError: (error) => notifyError('Error saving the aftercare', error) },
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="section" aria-label="Aftercare">
      <SelectInput
        size="small"
        label="Cremation type"
        emptyLabel="Not chosen"
        value={appointment.cremationType ?? ''}
        onChange={(v) => save({ cremationType: v ? (v as AppointmentDetail['cremationType']) : null })}
        options={CREMATION_OPTIONS}
        disabled={update.isPending}
      />
      <SelectInput
        size="small"
        label="Ashes"
        emptyLabel="Not chosen"
        value={appointment.ashesDisposition ?? ''}
        onChange={(v) => save({ ashesDisposition: v ? (v as AppointmentDetail['ashesDisposition']) : null })}
        options={ASHES_OPTIONS}
        disabled={update.isPending}
      />
    </Stack>
  );
}
