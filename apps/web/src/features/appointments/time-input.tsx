import { useState } from 'react';
import { TextInput } from '../../components/text-input';
import { formatClock, normalTime } from './appointment-times';

export const TIME_HINT = 'Enter a time such as 2:15 PM or 14:15';

interface TimeInputProps {
  label: string;
  /** 'HH:MM' (24 h) or '' */
  value: string;
  /** a whole time was typed (on leaving the field or Enter): 'HH:MM', or '' when cleared */
  onCommit: (value: string) => void;
  /** what is typed is not a time (true) or is again (false); the form must not be saved meanwhile */
  onInvalidChange?: (invalid: boolean) => void;
  error?: string | null;
  helperText?: string;
  required?: boolean;
}

/**
 * A time of day typed as people write it ('2:15 PM', '14:15', '930'), shown in the browser's
 * locale. Nothing is applied while it is being typed: a half-typed time is not a time, and moving
 * the end on every keystroke is what made the end jump about (docs/decisions/0027).
 */
export function TimeInput({ label, value, onCommit, onInvalidChange, error, helperText, required }: TimeInputProps) {
  // null while the field shows the committed value; the text being typed otherwise.
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const markInvalid = (next: boolean) => {
    setInvalid(next);
    if (next !== invalid) onInvalidChange?.(next);
  };
  const commit = () => {
    if (text === null) return;
    const typed = text.trim();
    const time = typed === '' ? '' : normalTime(typed);
    if (time === null) return markInvalid(true);
    setText(null);
    markInvalid(false);
    if (time !== value) onCommit(time);
  };
  return (
    <TextInput
      label={label}
      required={required}
      value={text ?? (value ? formatClock(value) : '')}
      onValueChange={setText}
      onBlur={commit}
      onKeyDown={(event) => {
        // Enter settles the time (and shows where the end went) rather than saving at once.
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      error={invalid ? TIME_HINT : (error ?? undefined)}
      helperText={helperText}
      placeholder="e.g. 2:15 PM"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off', spellCheck: false } }}
    />
  );
}
