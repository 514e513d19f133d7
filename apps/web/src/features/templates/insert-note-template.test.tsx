import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NoteTemplate } from '@willow/contracts';
import { MessageInput } from '../../components/form-fields';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { InsertNoteTemplate, useNoteInsertion } from './insert-note-template';

const CLIENT = '22222222-2222-4222-8222-222222222222';
const PATIENT = '33333333-3333-4333-8333-333333333333';
const TEMPLATE: NoteTemplate = {
  id: '44444444-4444-4444-8444-444444444444',
  locationId: NEW_YORK.id,
  name: 'Euthanasia visit',
  body: '{{ patient.name }} was calm.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function Notes({ initial }: { initial: string }) {
  const [notes, setNotes] = useState(initial);
  const insertion = useNoteInsertion(notes, setNotes);
  return (
    <>
      <MessageInput label="Notes" value={notes} onValueChange={setNotes} {...insertion.field} />
      <InsertNoteTemplate record={{ locationId: NEW_YORK.id, clientId: CLIENT, patientId: PATIENT }} onInsert={insertion.insert} />
    </>
  );
}

describe('Insert template in notes', () => {
  let calls: Call[];
  let preview: Answer;
  beforeEach(() => {
    stubMatchMedia();
    preview = { body: { parts: { body: 'Biscuit was calm.' }, problems: [], smsSegments: null } };
    calls = fakeServer((call) => {
      if (call.path === '/api/noteTemplate') return { body: [TEMPLATE] };
      if (call.path === '/api/template/preview') return preview;
      return undefined;
    });
  });
  afterEach(resetAll);

  it("fills the template in with the record's data and adds it on a line of its own", async () => {
    renderPage(<Notes initial="Owner present." />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert template' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Euthanasia visit' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Owner present.\nBiscuit was calm.'));
    expect(calls.find((c) => c.path === '/api/template/preview')?.body).toEqual({
      data: { kind: 'note', parts: { body: TEMPLATE.body }, locationId: NEW_YORK.id, clientId: CLIENT, patientId: PATIENT },
    });
  });

  it('inserts at the caret of a note being written, on lines of its own, and the template as written when it cannot be filled in', async () => {
    preview = { status: 500, body: { error: { message: 'Something went wrong. Please try again later.' } } };
    renderPage(<Notes initial="Start. End." />);
    const notes = screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement;
    fireEvent.focus(notes);
    notes.setSelectionRange(7, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Insert template' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Euthanasia visit' }));
    // On lines of its own, in the middle of the line the caret was in.
    await waitFor(() => expect(notes.value).toBe('Start. \n{{ patient.name }} was calm.\nEnd.'));
  });
});
