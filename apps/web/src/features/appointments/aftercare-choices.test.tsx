import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { AftercareChoices } from './aftercare-choices';
import { appointment, APPOINTMENT_ID } from './test-support';

describe('the aftercare on an appointment', () => {
  beforeEach(stubMatchMedia);
  afterEach(resetAll);

  it('shows what was chosen and saves a new choice, or none, at once', async () => {
    const calls = fakeServer((call) => (call.method === 'POST' && call.path === `/api/appointment/${APPOINTMENT_ID}` ? { body: appointment() } : undefined));
    renderPage(<AftercareChoices appointment={appointment({ cremationType: 'private', ashesDisposition: null })} />);
    const region = screen.getByRole('region', { name: 'Aftercare' });
    expect(within(region).getByRole('combobox', { name: 'Cremation type' }).textContent).toBe('Private cremation');

    fireEvent.mouseDown(within(region).getByRole('combobox', { name: 'Ashes' }));
    fireEvent.click(screen.getByRole('option', { name: 'Ashes spread' }));
    await screen.findByText('Aftercare saved');
    expect(calls.at(-1)!.body).toEqual({ data: { ashesDisposition: 'spread' } });

    fireEvent.mouseDown(within(region).getByRole('combobox', { name: 'Cremation type' }));
    fireEvent.click(screen.getByRole('option', { name: 'Not chosen' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.at(-1)!.body).toEqual({ data: { cremationType: null } });
  });
});
