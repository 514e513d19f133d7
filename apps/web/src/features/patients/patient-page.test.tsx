import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PATIENT_CLIENT_ARCHIVED, type PatientDetail } from '@willow/contracts';
import { buildRegistry } from '../../app/feature-registry';
import { RegistryContext } from '../../app/registry-context';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import PatientPage from './patient-page';
import { PATIENT_KEPT_FOR_HISTORY } from './patient-actions';

const ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d1';
const CLIENT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d2';
const stamp = '2026-01-01T00:00:00.000Z';

function patientOf(overrides: Partial<PatientDetail> = {}): PatientDetail {
  return {
    id: ID,
    clientId: CLIENT_ID,
    clientName: 'Dana Owner',
    locationId: NEW_YORK.id,
    name: 'Biscuit',
    speciesId: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d3',
    speciesName: 'Dog',
    breed: null,
    sex: 'unknown',
    neutered: false,
    dateOfBirth: null,
    weightKg: null,
    microchip: null,
    colour: null,
    alerts: [],
    notes: null,
    deceasedOn: null,
    deceasedNote: null,
    archivedAt: null,
    hasHistory: true,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

function serve(permissions: string[], patient: PatientDetail, restoreAnswer?: { status: number; body: unknown }): Call[] {
  return fakeServer((call) => {
    if (call.path === `/api/patient/${ID}`) return { body: patient };
    if (call.path === `/api/patient/${ID}/archive`) return { body: { ...patient, archivedAt: '2026-11-20T15:30:00.000Z' } };
    if (call.path === `/api/patient/${ID}/restore`) return restoreAnswer ?? { body: { ...patient, archivedAt: null } };
    return sessionAnswer(call, NEW_YORK, permissions);
  });
}

function renderPatientPage() {
  return renderPage(
    <RegistryContext.Provider value={buildRegistry([])}>
      <PatientPage />
    </RegistryContext.Provider>,
    { path: `/patients/${ID}`, pattern: '/patients/:id' },
  );
}

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('patient page: archive, restore and delete', () => {
  it('lets Front Desk archive after a confirmation that says nothing is deleted, and offers no Delete', async () => {
    const calls = serve([], patientOf());
    renderPatientPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive patient' });
    expect(dialog.textContent).toContain('Nothing is deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Patient archived')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/patient/${ID}/archive`]);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows an archived patient as Archived; a refused restore names why', async () => {
    serve([], patientOf({ archivedAt: '2026-11-20T15:30:00.000Z' }), { status: 409, body: { error: { message: PATIENT_CLIENT_ARCHIVED } } });
    renderPatientPage();
    await screen.findByText(/^Archived .*left out of lists, search and pickers/);
    expect(screen.getAllByText('Archived').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Error restoring patient')).toBeTruthy();
    expect(screen.getByText(PATIENT_CLIENT_ARCHIVED)).toBeTruthy();
  });

  it('shows an Administrator Delete, disabled with the reason while the patient has history', async () => {
    serve(['records.delete'], patientOf({ hasHistory: true }));
    renderPatientPage();
    const remove = (await screen.findByRole('button', { name: 'Delete' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    await waitFor(() => expect(screen.getByTitle(PATIENT_KEPT_FOR_HISTORY)).toBeTruthy());
  });
});
