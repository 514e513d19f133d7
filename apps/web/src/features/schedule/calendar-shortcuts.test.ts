import { afterEach, describe, expect, it } from 'vitest';
import { shortcutFor } from './calendar-shortcuts';

const press = (key: string, patch: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...patch }, document);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('calendar shortcuts', () => {
  it('maps keys to actions', () => {
    expect(press('t')).toEqual({ type: 'today' });
    expect(press('n')).toEqual({ type: 'step', direction: 1 });
    expect(press('ArrowRight')).toEqual({ type: 'step', direction: 1 });
    expect(press('P')).toEqual({ type: 'step', direction: -1 });
    expect(press('ArrowLeft')).toEqual({ type: 'step', direction: -1 });
    expect(['d', 'w', 'm', 'r'].map((k) => press(k))).toEqual([
      { type: 'view', view: 'day' },
      { type: 'view', view: 'week' },
      { type: 'view', view: 'month' },
      { type: 'view', view: 'providers' },
    ]);
    expect(press('x')).toBeNull();
  });

  it('leaves keys alone with modifiers and while typing', () => {
    expect(press('t', { ctrlKey: true })).toBeNull();
    expect(press('n', { metaKey: true })).toBeNull();
    const input = document.createElement('input');
    document.body.append(input);
    expect(press('t', {}, input)).toBeNull();
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inner = document.createElement('span');
    editable.append(inner);
    document.body.append(editable);
    expect(press('n', {}, inner)).toBeNull();
  });

  it('leaves keys alone while a dialog is open but not for a closed, kept-mounted drawer', () => {
    const drawer = document.createElement('div');
    drawer.className = 'MuiModal-root MuiModal-hidden';
    drawer.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    document.body.append(drawer);
    expect(press('t')).toEqual({ type: 'today' });
    const dialog = document.createElement('div');
    dialog.className = 'MuiModal-root';
    dialog.innerHTML = '<div role="dialog"></div>';
    document.body.append(dialog);
    expect(press('t')).toBeNull();
  });
});
