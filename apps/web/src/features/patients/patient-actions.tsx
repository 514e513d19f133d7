import { useMemo, useState } from 'react';
import type { Patient } from '@willow/contracts';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { DeceasedDialog, useUndoDeceased } from './deceased-dialog';
import { PatientFormDialog } from './patient-form-dialog';
import { useArchivePatient, useDeletePatient, useRestorePatient } from './patients.api';

/** Why Delete is not offered for a patient with history. */
export const PATIENT_KEPT_FOR_HISTORY = 'Patients with appointments, care records, documents, invoices, estimates or signed forms are archived, not deleted';

/**
 * Edit, mark as deceased (or undo), archive (or restore) and delete, with their dialogs: the same
 * on every list of patients and on the patient's own page. Render `dialogs` once. Deleting for
 * good is offered on the patient's page only, to those holding records.delete (docs/decisions/0059).
 */
export function usePatientActions(options: { onDeleted?: () => void } = {}) {
  const [editing, setEditing] = useState<Patient | null>(null);
  const [dying, setDying] = useState<Patient | null>(null);
  const undoDeceased = useUndoDeceased();
  const remove = useDeletePatient();
  const archive = useArchivePatient();
  const restoreMutation = useRestorePatient();
  const confirmDelete = useConfirmDelete<Patient>({
    title: 'Delete patient',
    message: (p) => `Delete ${p.name} for good? They have no appointments, care records, documents, invoices, estimates or signed forms. This cannot be undone.`,
    run: (p) => remove.mutateAsync(p.id),
    success: 'Patient deleted',
    error: 'Error deleting patient',
    ...(options.onDeleted && { onDeleted: options.onDeleted }),
  });
  const confirmArchive = useConfirmAction<Patient>({
    title: 'Archive patient',
    message: (p) =>
      `Archive ${p.name}? They will be hidden from lists, search and pickers. Nothing is deleted: their appointments, care records, documents, invoices and signed forms are kept, and you can restore them at any time.`,
    run: (p) => archive.mutateAsync(p.id),
    confirmLabel: 'Archive',
    success: 'Patient archived',
    error: 'Error archiving patient',
  });
  const { mutateAsync: restoreOne } = restoreMutation;
  const dialogs = (
    <>
      {editing && (
        <PatientFormDialog
          open
          patient={editing}
          clientId={editing.clientId}
          locationId={editing.locationId}
          onClose={() => setEditing(null)}
        />
      )}
      <DeceasedDialog patient={dying} onClose={() => setDying(null)} />
      {confirmDelete.dialog}
      {confirmArchive.dialog}
    </>
  );
  const askDelete = confirmDelete.ask;
  const askArchive = confirmArchive.ask;
  // Stable across renders so the grid columns built from it are too.
  const actions = useMemo(
    () => ({
      edit: setEditing,
      markDeceased: setDying,
      undoDeceased,
      archive: askArchive,
      // Restoring hides nothing and deletes nothing: no confirmation.
      restore: (p: Pick<Patient, 'id'>) =>
        restoreOne(p.id).then(
          () => notifySuccess('Patient restored'),
          (e: unknown) => notifyError('Error restoring patient', e),
        ),
      remove: askDelete,
    }),
    [undoDeceased, askArchive, askDelete, restoreOne],
  );
  return { actions, dialogs, restoring: restoreMutation.isPending };
}
