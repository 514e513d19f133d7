import { useCallback, useMemo } from 'react';
import { Stack } from '@mui/material';
import { PATIENT_SEXES, patientOps } from '@willow/contracts';
import type { Patient } from '@willow/contracts';
import { DateInput, MessageInput, numberOrNull, SelectInput, SwitchInput, TagsInput, TextInput, textOrNull } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { formatAge } from '../../lib/dates';
import { useLocation } from '../locations/locations.api';
import { InsertNoteTemplate, useNoteInsertion } from '../templates/insert-note-template';
import { useCreatePatient, useUpdatePatient } from './patients.api';

export const SEX_LABELS: Record<(typeof PATIENT_SEXES)[number], string> = {
  male: 'Male',
  female: 'Female',
  unknown: 'Unknown',
};

/** Common alerts offered as suggestions; any text may be typed. */
const ALERT_SUGGESTIONS = ['bites', 'scratches', 'aggressive', 'anxious', 'muzzle required', 'allergies', 'diabetic'];

const emptyForm = {
  name: '',
  speciesId: '',
  breed: '',
  sex: 'unknown' as Patient['sex'],
  neutered: false,
  dateOfBirth: '',
  weightKg: '',
  microchip: '',
  colour: '',
  alerts: [] as string[],
  notes: '',
};
type FormValues = typeof emptyForm;

interface PatientFormDialogProps {
  open: boolean;
  /** the patient to edit; null to add one to `clientId` */
  patient: Patient | null;
  clientId: string;
  /** the client's location: its species list is what may be chosen */
  locationId: string;
  onClose: () => void;
  onCreated?: (patient: Patient) => void;
}

const fromPatient = (patient: Patient): FormValues => ({
  name: patient.name,
  speciesId: patient.speciesId,
  breed: patient.breed ?? '',
  sex: patient.sex,
  neutered: patient.neutered,
  dateOfBirth: patient.dateOfBirth ?? '',
  weightKg: patient.weightKg === null ? '' : String(patient.weightKg),
  microchip: patient.microchip ?? '',
  colour: patient.colour ?? '',
  alerts: patient.alerts,
  notes: patient.notes ?? '',
});

const blank = (): FormValues => emptyForm;

export function PatientFormDialog({ open, patient, clientId, locationId, onClose, onCreated }: PatientFormDialogProps) {
  const location = useLocation(open ? locationId : null);
  const toInput = useCallback(
    (v: FormValues) => ({
      clientId,
      name: v.name,
      speciesId: v.speciesId,
      breed: textOrNull(v.breed),
      sex: v.sex,
      neutered: v.neutered,
      dateOfBirth: textOrNull(v.dateOfBirth),
      weightKg: numberOrNull(v.weightKg),
      microchip: textOrNull(v.microchip),
      colour: textOrNull(v.colour),
      alerts: v.alerts,
      notes: textOrNull(v.notes),
    }),
    [clientId],
  );
  const { form, dialog } = useEntityForm({
    ops: patientOps,
    create: useCreatePatient(),
    update: useUpdatePatient(),
    noun: 'patient',
    open,
    record: patient,
    blank,
    fromRecord: fromPatient,
    toInput,
    onClose,
    onSaved: (saved, created) => created && onCreated?.(saved),
    title: (p) => (p ? `Edit ${p.name}` : 'New patient'),
  });

  const speciesOptions = useMemo(() => {
    const options = (location.data?.species ?? []).map((s) => ({ value: s.id, label: s.name }));
    // A species since removed from the location still names this patient's own.
    if (patient && !options.some((o) => o.value === patient.speciesId))
      options.push({ value: patient.speciesId, label: patient.speciesName });
    return options;
  }, [location.data, patient]);

  const v = form.values;
  const e = form.errors;
  const notes = useNoteInsertion(v.notes, (text) => form.set('notes', text));
  const age = formatAge(v.dateOfBirth || null);
  return dialog(
    <>
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          label="Species"
          required
          options={speciesOptions}
          value={v.speciesId}
          onChange={(x) => form.set('speciesId', x)}
          error={e.speciesId}
          helperText={location.isLoading ? 'Loading species…' : speciesOptions.length === 0 ? 'This location has no species yet (Settings › Locations)' : undefined}
        />
        <TextInput label="Breed" value={v.breed} onValueChange={(x) => form.set('breed', x)} error={e.breed} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SelectInput
          label="Sex"
          options={PATIENT_SEXES.map((s) => ({ value: s, label: SEX_LABELS[s] }))}
          value={v.sex}
          onChange={(x) => form.set('sex', x as Patient['sex'])}
          error={e.sex}
        />
        <SwitchInput label="Neutered" checked={v.neutered} onChange={(x) => form.set('neutered', x)} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput
          label="Date of birth"
          value={v.dateOfBirth}
          onValueChange={(x) => form.set('dateOfBirth', x)}
          error={e.dateOfBirth}
          helperText={age ? `Age: ${age}` : undefined}
        />
        <TextInput
          label="Weight (kg)"
          value={v.weightKg}
          onValueChange={(x) => form.set('weightKg', x)}
          error={e.weightKg}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Microchip" value={v.microchip} onValueChange={(x) => form.set('microchip', x)} error={e.microchip} />
        <TextInput label="Colour" value={v.colour} onValueChange={(x) => form.set('colour', x)} error={e.colour} />
      </Stack>
      <TagsInput
        label="Alerts"
        color="warning"
        value={v.alerts}
        onChange={(x) => form.set('alerts', x)}
        suggestions={ALERT_SUGGESTIONS}
        error={e.alerts ?? Object.entries(e).find(([k]) => k.startsWith('alerts.'))?.[1]}
      />
      <Stack spacing={0.5}>
        <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} {...notes.field} />
        <InsertNoteTemplate record={{ locationId, clientId, patientId: patient?.id }} onInsert={notes.insert} />
      </Stack>
    </>,
  );
}
