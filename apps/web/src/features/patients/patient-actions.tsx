import { useMemo, useState } from 'react';
import type { Patient } from '@willow/contracts';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { DeceasedDialog, useUndoDeceased } from './deceased-dialog';
import { PatientFormDialog } from './patient-form-dialog';
import { useDeletePatient } from './patients.api';

/**
 * Edit, mark as deceased (or undo) and delete, with their dialogs: the same on every list of
 * patients and on the patient's own page. Render `dialogs` once.
 */
export function usePatientActions(options: { onDeleted?: () => void } = {}) {
  const [editing, setEditing] = useState<Patient | null>(null);
  const [dying, setDying] = useState<Patient | null>(null);
  const undoDeceased = useUndoDeceased();
  const remove = useDeletePatient();
  const confirmDelete = useConfirmDelete<Patient>({
    title: 'Delete patient',
    message: (p) => `Delete ${p.name} with their prescriptions, vaccinations and documents? This cannot be undone.`,
    run: (p) => remove.mutateAsync(p.id),
    success: 'Patient deleted',
    error: 'Error deleting patient',
    onDeleted: options.onDeleted,
  });
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
    </>
  );
  const askDelete = confirmDelete.ask;
  // Stable across renders so the grid columns built from it are too.
  const actions = useMemo(
    () => ({ edit: setEditing, markDeceased: setDying, undoDeceased, remove: askDelete }),
    [undoDeceased, askDelete],
  );
  return { actions, dialogs };
}
