import { Stack } from '@mui/material';
import { prescriptionOps } from '@willow/contracts';
import type { Prescription } from '@willow/contracts';
import { DateInput, MessageInput, numberOrNull, TextInput, textOrNull } from '../../components/form-fields';
import { todayIso } from '../../lib/dates';
import { useCareRecordForm } from './care-record-form';
import { StaffSelect } from '../users/staff-select';
import { useCreatePrescription, useUpdatePrescription } from './prescriptions.api';

const emptyForm = {
  drug: '',
  dose: '',
  frequency: '',
  quantity: '',
  refills: '0',
  prescriberId: '',
  prescribedOn: '',
  expiresOn: '',
  instructions: '',
};
type FormValues = typeof emptyForm;

const blank = (): FormValues => ({ ...emptyForm, prescribedOn: todayIso() });

const fromRecord = (prescription: Prescription): FormValues => ({
  drug: prescription.drug,
  dose: prescription.dose,
  frequency: prescription.frequency,
  quantity: prescription.quantity,
  refills: String(prescription.refills),
  prescriberId: prescription.prescriberId ?? '',
  prescribedOn: prescription.prescribedOn,
  expiresOn: prescription.expiresOn ?? '',
  instructions: prescription.instructions ?? '',
});

const toInput = (v: FormValues) => ({
  drug: v.drug,
  dose: v.dose,
  frequency: v.frequency,
  quantity: v.quantity,
  refills: numberOrNull(v.refills) ?? 0,
  prescriberId: v.prescriberId || null,
  prescribedOn: v.prescribedOn,
  expiresOn: textOrNull(v.expiresOn),
  instructions: textOrNull(v.instructions),
});

interface PrescriptionFormDialogProps {
  open: boolean;
  prescription: Prescription | null;
  patientId?: string;
  clientId?: string;
  locationId?: string;
  onClose: () => void;
}

export function PrescriptionFormDialog({ open, prescription, patientId, clientId, locationId, onClose }: PrescriptionFormDialogProps) {
  const { form, dialog } = useCareRecordForm({
    noun: 'prescription',
    open,
    record: prescription,
    patientId,
    clientId,
    locationId,
    blank,
    fromRecord,
    ops: prescriptionOps,
    toInput,
    create: useCreatePrescription(),
    update: useUpdatePrescription(),
    onClose,
  });
  const v = form.values;
  const e = form.errors;

  return dialog(
    <>
      <TextInput label="Drug" required value={v.drug} onValueChange={(x) => form.set('drug', x)} error={e.drug} placeholder="e.g. Carprofen 75 mg" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Dose" required value={v.dose} onValueChange={(x) => form.set('dose', x)} error={e.dose} placeholder="e.g. 1 tablet" />
        <TextInput
          label="Frequency"
          required
          value={v.frequency}
          onValueChange={(x) => form.set('frequency', x)}
          error={e.frequency}
          placeholder="e.g. Twice daily"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Quantity" required value={v.quantity} onValueChange={(x) => form.set('quantity', x)} error={e.quantity} />
        <TextInput
          label="Refills"
          value={v.refills}
          onValueChange={(x) => form.set('refills', x)}
          error={e.refills}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput label="Prescribed on" required value={v.prescribedOn} onValueChange={(x) => form.set('prescribedOn', x)} error={e.prescribedOn} />
        <DateInput label="Expires on" value={v.expiresOn} onValueChange={(x) => form.set('expiresOn', x)} error={e.expiresOn} />
      </Stack>
      <StaffSelect label="Prescriber" value={v.prescriberId} onChange={(x) => form.set('prescriberId', x)} error={e.prescriberId} />
      <MessageInput
        label="Instructions"
        value={v.instructions}
        onValueChange={(x) => form.set('instructions', x)}
        error={e.instructions}
      />
    </>,
  );
}
