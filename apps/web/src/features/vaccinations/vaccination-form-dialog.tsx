import { useEffect } from 'react';
import { Stack } from '@mui/material';
import { VaccinationInput } from '@willow/contracts';
import type { Vaccination } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { todayIso } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { PatientPicker, useChosenPatient } from '../patients/patient-picker';
import { StaffSelect } from '../users/staff-select';
import { useCreateVaccination, useUpdateVaccination } from './vaccinations.api';

const emptyForm = { vaccine: '', givenOn: '', nextDueOn: '', lotNumber: '', serialNumber: '', providerId: '', notes: '' };

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
  const form = useFormState(emptyForm);
  const patient = useChosenPatient(open, vaccination?.patientId ?? patientId);
  const create = useCreateVaccination();
  const update = useUpdateVaccination();
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(
      vaccination
        ? {
            vaccine: vaccination.vaccine,
            givenOn: vaccination.givenOn,
            nextDueOn: vaccination.nextDueOn ?? '',
            lotNumber: vaccination.lotNumber ?? '',
            serialNumber: vaccination.serialNumber ?? '',
            providerId: vaccination.providerId ?? '',
            notes: vaccination.notes ?? '',
          }
        : { ...emptyForm, givenOn: todayIso() },
    );
  }, [open, vaccination, reset]);

  const v = form.values;
  const e = form.errors;
  const submit = () => {
    const data = form.check(VaccinationInput, {
      patientId: patient.value?.id ?? '',
      vaccine: v.vaccine,
      givenOn: v.givenOn,
      nextDueOn: textOrNull(v.nextDueOn),
      lotNumber: textOrNull(v.lotNumber),
      serialNumber: textOrNull(v.serialNumber),
      providerId: v.providerId || null,
      notes: textOrNull(v.notes),
    });
    if (!data) return;
    if (vaccination) {
      update.mutate(
        { id: vaccination.id, data },
        {
          onSuccess: () => {
            notifySuccess('Vaccination updated');
            onClose();
          },
          onError: (error) => notifyError('Error updating vaccination', error),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        notifySuccess('Vaccination created');
        onClose();
      },
      onError: (error) => notifyError('Error creating vaccination', error),
    });
  };

  return (
    <EntityFormDialog
      open={open}
      title={vaccination ? 'Edit vaccination' : 'New vaccination'}
      submitLabel={vaccination ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <PatientPicker
        value={patient.value}
        onChange={patient.set}
        error={e.patientId && 'Choose a patient'}
        disabled={Boolean(patientId) || patient.loading}
        clientId={clientId}
        locationId={locationId}
      />
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
      <TextInput label="Notes" multiline minRows={2} value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
    </EntityFormDialog>
  );
}
