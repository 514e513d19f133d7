import type { Ref } from 'react';
import { TextInput } from '../../components/form-fields';
import type { TextInputProps } from '../../components/text-input';
import { useMergeTarget } from './merge-targets';

interface TemplateTextFieldProps extends Omit<TextInputProps, 'inputRef' | 'name'> {
  /** the template part it edits ('subject', 'body'…); merge fields are inserted by this name */
  name: string;
  /** where the inserter puts a field before any text field has been focused */
  primary?: boolean;
  /** what the live preview found wrong with this part, shown when there is no save error */
  problem?: string | undefined;
}

/** A text part of a template: a merge target of the inserter, its problems under it. */
export function TemplateTextField({ name, primary = false, value, onValueChange, error, problem, slotProps, ...rest }: TemplateTextFieldProps) {
  const { ref, onFocus } = useMergeTarget(name, value, onValueChange, primary);
  return (
    <TextInput
      {...rest}
      name={name}
      value={value}
      onValueChange={onValueChange}
      error={error ?? problem}
      inputRef={ref as Ref<HTMLInputElement>}
      slotProps={{ ...slotProps, input: { ...slotProps?.input, onFocus } }}
    />
  );
}
