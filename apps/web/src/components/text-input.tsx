import { useId } from 'react';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { InputBaseComponentProps, InputLabelProps, OutlinedInputProps, SxProps, Theme } from '@mui/material';
import { MESSAGE_MAX_LENGTH, MESSAGES } from '@willow/contracts';
import { readableMessage } from '../lib/zod-errors';

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** a contract or server message; shown under the field in words a person reads */
  error?: string;
  helperText?: ReactNode;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: OutlinedInputProps['onBlur'];
  onKeyDown?: OutlinedInputProps['onKeyDown'];
  slotProps?: { htmlInput?: InputBaseComponentProps; inputLabel?: Partial<InputLabelProps>; input?: Partial<OutlinedInputProps> };
}

/**
 * The form kit's text field: what MUI's TextField draws for an outlined text box (label, box and
 * helper text, wired the same way for screen readers), built from its parts because TextField also
 * brings the whole select menu with it, which no text field uses (docs/decisions/0038).
 */
export function TextInput({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  disabled,
  size,
  sx,
  id: idOverride,
  slotProps,
  ...input
}: TextInputProps) {
  const id = useId();
  const inputId = idOverride ?? id;
  const helper = error ? readableMessage(error) : helperText;
  const helperId = helper ? `${inputId}-helper-text` : undefined;
  const shrink = slotProps?.inputLabel?.shrink;
  return (
    <FormControl fullWidth error={Boolean(error)} required={required} disabled={disabled} size={size} sx={sx}>
      <InputLabel htmlFor={inputId} id={`${inputId}-label`} {...slotProps?.inputLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValueChange(e.target.value)}
        label={label}
        notched={shrink}
        aria-describedby={helperId}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

type MessageInputProps = Omit<TextInputProps, 'multiline'>;

/**
 * Free text under the message rule (fewer than 1000 characters): a live count below the
 * field, and the rule's own words as soon as the text is too long, not only after saving.
 */
export function MessageInput({ value, error, helperText, minRows = 2, ...rest }: MessageInputProps) {
  const count = `${value.length} / ${MESSAGE_MAX_LENGTH}`;
  const problem = error ?? (value.length > MESSAGE_MAX_LENGTH ? MESSAGES.messageTooLong : undefined);
  return (
    <TextInput
      multiline
      minRows={minRows}
      value={value}
      // The count stays in view next to the rule when the text is too long.
      error={problem && `${readableMessage(problem)} (${count})`}
      helperText={helperText ? `${helperText} · ${count}` : count}
      {...rest}
    />
  );
}

type DateInputProps = Omit<TextInputProps, 'type'>;

/** A calendar date as YYYY-MM-DD, the browser's own picker. */
export function DateInput(props: DateInputProps) {
  return <TextInput type="date" slotProps={{ inputLabel: { shrink: true } }} {...props} />;
}
