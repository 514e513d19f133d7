import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NoteTemplate } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { TemplatesPage } from './templates-page';

const NOTE: NoteTemplate = {
  id: '44444444-4444-4444-8444-444444444444',
  locationId: NEW_YORK.id,
  name: 'Euthanasia visit',
  body: 'Calm passing at home.\nFamily present.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a template page', () => {
  let calls: Call[];
  let list: Answer;
  const serve = (permissions: string[]) => {
    calls = fakeServer((call) => {
      if (call.path === '/api/noteTemplate' && call.method === 'GET') return list;
      if (call.path === `/api/noteTemplate/${NOTE.id}` && call.method === 'DELETE') return { body: { ok: true } };
      return sessionAnswer(call, NEW_YORK, permissions);
    });
  };
  beforeEach(() => {
    stubMatchMedia();
    list = { body: [NOTE] };
  });
  afterEach(resetAll);

  it("lists the location's templates to anyone, without the buttons that change them", async () => {
    serve([]);
    renderPage(<TemplatesPage kind="note" />);
    expect(await screen.findByText('Euthanasia visit')).toBeTruthy();
    expect(screen.getByText('Calm passing at home.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New note template' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete Euthanasia visit' })).toBeNull();
    expect(calls.find((c) => c.path === '/api/noteTemplate')?.query.get('locationId')).toBe(NEW_YORK.id);
  });

  it('deletes after asking, with the toast', async () => {
    serve(['locations.manage']);
    renderPage(<TemplatesPage kind="note" />);
    await screen.findByText('Euthanasia visit');
    expect(await screen.findByRole('button', { name: 'New note template' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Delete Euthanasia visit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/noteTemplate/${NOTE.id}`)).toBe(true));
  });

  it("says the list could not be loaded in the contract's words", async () => {
    list = { status: 500, body: { error: { message: 'Something went wrong. Please try again later.' } } };
    serve([]);
    renderPage(<TemplatesPage kind="note" />);
    expect(await screen.findByText('Error getting Note Templates')).toBeTruthy();
  });
});
