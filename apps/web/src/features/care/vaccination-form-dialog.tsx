import { Stack } from '@mui/material';
import { vaccinationOps } from '@willow/contracts';
import type { Vaccination } from '@willow/contracts';
import { DateInput, MessageInput, TextInput, textOrNull } from '../../components/form-fields';
import { todayIso } from '../../lib/dates';
import { useCareRecordForm } from './care-record-form';
import { StaffSelect } from '../users/staff-select';
import { useCreateVaccination, useUpdateVaccination } from './vaccinations.api';

const emptyForm = { vaccine: '', givenOn: '', nextDueOn: '', lotNumber: '', serialNumber: '', providerId: '', notes: '' };
type FormValues = typeof emptyForm;

const blank = (): FormValues => ({ ...emptyForm, givenOn: todayIso() });

const fromRecord = (vaccination: Vaccination): FormValues => ({
  vaccine: vaccination.vaccine,
  givenOn: vaccination.givenOn,
  nextDueOn: vaccination.nextDueOn ?? '',
  lotNumber: vaccination.lotNumber ?? '',
  serialNumber: vaccination.serialNumber ?? '',
  providerId: vaccination.providerId ?? '',
  notes: vaccination.notes ?? '',
});

const toInput = (v: FormValues) => ({
  vaccine: v.vaccine,
  givenOn: v.givenOn,
  nextDueOn: textOrNull(v.nextDueOn),
  lotNumber: textOrNull(v.lotNumber),
  serialNumber: textOrNull(v.serialNumber),
  providerId: v.providerId || null,
  notes: textOrNull(v.notes),
});

interface VaccinationFormDialogProps {
  open: boolean;
  vaccination: Vaccination | null;
  /** adding from a patient's page: that patient, fixed */
  patientId?: string;
  /** adding from a client's page: one of their patients */
  clientId?: string;
  locationId?: string;
  onClose: () => void;
}

export function VaccinationFormDialog({ open, vaccination, patientId, clientId, locationId, onClose }: VaccinationFormDialogProps) {
  const { form, dialog } = useCareRecordForm({
    noun: 'vaccination',
    open,
    record: vaccination,
    patientId,
    clientId,
    locationId,
    blank,
    fromRecord,
    ops: vaccinationOps,
    toInput,
    create: useCreateVaccination(),
    update: useUpdateVaccination(),
    onClose,
  });
  const v = form.values;
  const e = form.errors;

  return dialog(
    <>
      <TextInput label="Vaccine" required value={v.vaccine} onValueChange={(x) => form.set('vaccine', x)} error={e.vaccine} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput label="Given on" required value={v.givenOn} onValueChange={(x) => form.set('givenOn', x)} error={e.givenOn} />
        <DateInput
          label="Next due"
          value={v.nextDueOn}
          onValueChange={(x) => form.set('nextDueOn', x)}
          error={e.nextDueOn}
          helperText="Leave empty if no booster is needed"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Lot number" value={v.lotNumber} onValueChange={(x) => form.set('lotNumber', x)} error={e.lotNumber} />
        <TextInput label="Serial number" value={v.serialNumber} onValueChange={(x) => form.set('serialNumber', x)} error={e.serialNumber} />
      </Stack>
      <StaffSelect label="Provider" value={v.providerId} onChange={(x) => form.set('providerId', x)} error={e.providerId} />
      <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
    </>,
  );
}
