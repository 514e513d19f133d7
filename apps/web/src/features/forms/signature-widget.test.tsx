import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FormField, formSchemaOf } from '@willow/contracts';
import { resetAll, stubMatchMedia } from '../../test/test-support';
import { ClientForm } from './client-form';
import type { FormAnswers } from './client-form';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/*
 * jsdom has no canvas to draw on: signature_pad stands in as a pad that a test "draws" on, which
 * ends a stroke the way a finger lifted from the real one does.
 */
const pads = vi.hoisted(() => [] as { draw: () => void; enabled: boolean; cleared: number }[]);
vi.mock('signature_pad', () => ({
  default: class {
    private listeners = new Map<string, () => void>();
    private empty = true;
    enabled = true;
    cleared = 0;
    constructor() {
      pads.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    removeEventListener(type: string) {
      this.listeners.delete(type);
    }
    on() {
      this.enabled = true;
    }
    off() {
      this.enabled = false;
    }
    clear() {
      this.empty = true;
      this.cleared++;
    }
    isEmpty() {
      return this.empty;
    }
    toDataURL() {
      return PNG;
    }
    toData() {
      return [];
    }
    fromData() {}
    draw() {
      if (!this.enabled) return;
      this.empty = false;
      this.listeners.get('endStroke')?.();
    }
  },
}));

const fields = [
  FormField.parse({ key: 'name', type: 'text', label: 'Your pet’s name', required: true }),
  FormField.parse({ key: 'signature', type: 'signature', label: 'Signature', required: true }),
];
const { schema, uiSchema } = formSchemaOf(fields);

function Harness({ onSubmit, disabled }: { onSubmit: (answers: FormAnswers) => void; disabled?: boolean }) {
  const [answers, setAnswers] = useState<FormAnswers>({});
  return (
    <ClientForm fields={fields} schema={schema} uiSchema={uiSchema} answers={answers} onAnswersChange={setAnswers} onSubmit={onSubmit} disabled={disabled}>
      <button type="submit">Submit</button>
    </ClientForm>
  );
}

describe('the signature widget in a form', () => {
  beforeEach(() => {
    stubMatchMedia();
    pads.length = 0;
  });
  afterEach(resetAll);

  it('asks for a signature before the form goes; a drawn one is the answer as a PNG data URL', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const pad = screen.getByRole('img', { name: 'Signature: draw your signature here' });
    expect(pad.tagName).toBe('CANVAS');
    fireEvent.change(screen.getByRole('textbox', { name: /Your pet’s name/ }), { target: { value: 'Biscuit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please sign here')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    act(() => pads[0]!.draw());
    expect(screen.getByRole('img', { name: 'Signature: signed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Biscuit', signature: PNG }));
  });

  it('Clear empties the pad and the answer', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const clear = screen.getByRole('button', { name: 'Clear signature' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    act(() => pads[0]!.draw());
    expect(clear.disabled).toBe(false);
    fireEvent.click(clear);
    expect(pads[0]!.cleared).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Signature: draw your signature here' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Your pet’s name/ }), { target: { value: 'Biscuit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please sign here')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be drawn on while the form is disabled (being sent)', () => {
    render(<Harness onSubmit={() => {}} disabled />);
    expect(pads[0]!.enabled).toBe(false);
    act(() => pads[0]!.draw());
    expect(screen.getByRole('img', { name: 'Signature: draw your signature here' })).toBeTruthy();
  });
});
