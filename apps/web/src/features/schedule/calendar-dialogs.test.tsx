import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

// Each dialog module is replaced by a stand-in that records when it is loaded: what is asserted is
// when the calendar asks for a dialog's code, not the dialogs themselves (their own tests).
const loaded = vi.hoisted(() => [] as string[]);
const standIn = (name: string) => ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label={name} /> : null);
vi.mock('../appointments/appointment-dialog', () => {
  loaded.push('appointment');
  return { AppointmentDialog: standIn('appointment') };
});
vi.mock('./slot-dialog', () => {
  loaded.push('slot');
  return { SlotDialog: standIn('slot') };
});
vi.mock('./note-dialog', () => {
  loaded.push('note');
  return { NoteDialog: standIn('note') };
});

/** The calendar's dialogs with a button opening each, as the calendar screen wires them. */
async function renderDialogs() {
  const { CalendarDialogs, useCalendarDialogs } = await import('./calendar-dialogs');
  function Harness() {
    const dialogs = useCalendarDialogs();
    return (
      <>
        <button onClick={() => dialogs.newNote({ date: '2030-01-14', providerId: null })}>Add note</button>
        <button onClick={dialogs.closeNote}>Close note</button>
        <CalendarDialogs dialogs={dialogs} locationId="l" timeZone="UTC" providers={[]} services={[]} />
      </>
    );
  }
  render(<Harness />);
}

describe('the calendar’s dialogs', () => {
  afterEach(() => cleanup());

  it('load when first opened or on the intent to act, not with the calendar; each once', async () => {
    await renderDialogs();
    expect(loaded).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('dialog', { name: 'note' })).toBeTruthy();
    expect(loaded).toEqual(['note']);

    // Closed and opened again: the same dialog, nothing loaded again.
    fireEvent.click(screen.getByRole('button', { name: 'Close note' }));
    expect(screen.queryByRole('dialog', { name: 'note' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByRole('dialog', { name: 'note' })).toBeTruthy();

    // The pointer or the focus on the calendar: the other two come before they are opened.
    const { prefetchCalendarDialogs } = await import('./calendar-dialogs');
    prefetchCalendarDialogs();
    prefetchCalendarDialogs();
    await vi.waitFor(() => expect(loaded).toEqual(['note', 'appointment', 'slot']));
  });
});
