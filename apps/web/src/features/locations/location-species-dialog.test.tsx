import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Location } from '@willow/contracts';
import { fakeServer, NEW_YORK, pickOption, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { LocationSpeciesDialog } from './location-species-dialog';

const DOG = { id: '22222222-2222-4222-8222-222222222222', name: 'Dog' };
const CAT = { id: '33333333-3333-4333-8333-333333333333', name: 'Cat' };
const treating: Location = { ...NEW_YORK, species: [DOG] };

describe('the species a location treats', () => {
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    calls = fakeServer((call) => {
      if (call.path === '/api/species') return { body: [DOG, CAT] };
      if (call.path === '/api/location/updateSpecies') return { body: treating };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('saves each removal and addition at once, and gives the focus back to "Add a species" after each', async () => {
    renderPage(<LocationSpeciesDialog location={treating} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: `Species at ${NEW_YORK.name}` });
    const input = within(dialog).getByRole('combobox', { name: 'Add a species' });

    const chip = within(dialog).getByRole('button', { name: 'Dog' });
    chip.focus();
    fireEvent.keyDown(chip, { key: 'Delete' });
    fireEvent.keyUp(chip, { key: 'Delete' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/location/updateSpecies')).toHaveLength(1));
    expect(calls.at(-1)?.body).toEqual({ data: { locationId: NEW_YORK.id, speciesId: DOG.id, action: 'remove' } });
    await waitFor(() => expect(document.activeElement).toBe(input));

    await pickOption('Add a species', 'Cat');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/location/updateSpecies')).toHaveLength(2));
    expect(calls.at(-1)?.body).toEqual({ data: { locationId: NEW_YORK.id, speciesId: CAT.id, action: 'add' } });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
