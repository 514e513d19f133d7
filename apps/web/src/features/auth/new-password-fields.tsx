import { passwordProblem, PASSWORD_MIN_LENGTH } from '@willow/contracts';
import type { PasswordOwner } from '@willow/contracts';
import { TextInput } from '../../components/text-input';
import type { FieldErrors } from '../../lib/zod-errors';

/** The new-password rule in the words people read under the field (the server applies it: 0050). */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your name or email.`;

export const PASSWORDS_DIFFER = 'The passwords do not match.';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * The problems of a new password the browser can tell before sending it: the shared rules with
 * the person's own email and names, and the confirmation typed differently.
 */
export function newPasswordErrors(values: NewPasswordValues, owner: PasswordOwner): FieldErrors | undefined {
  const problem = passwordProblem(values.password, owner);
  if (problem) return { password: problem };
  if (values.confirmPassword !== values.password) return { confirmPassword: PASSWORDS_DIFFER };
  return undefined;
}

interface NewPasswordFieldsProps {
  values: NewPasswordValues;
  errors: FieldErrors;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
  /** the address the password belongs to, for password managers */
  email: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, with the rule explained under the first. */
export function NewPasswordFields({ values, errors, onChange, email, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      {/* Lets password managers tie the new password to the right sign-in. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        value={values.password}
        onValueChange={(v) => onChange('password', v)}
        error={errors.password}
        helperText={PASSWORD_RULE}
      />
      <TextInput
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onValueChange={(v) => onChange('confirmPassword', v)}
        error={errors.confirmPassword}
      />
    </>
  );
}
