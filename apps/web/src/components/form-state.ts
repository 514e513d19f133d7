import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { serverFieldErrors, validate } from '../lib/zod-errors';
import type { FieldErrors } from '../lib/zod-errors';
import { notifyError } from '../lib/toasts';
import { useReportDirty } from './dirty-report';

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Form values, field errors from a contract schema, and a `check` that runs the schema.
 * `dirty`: the values differ from the last `reset` (or the initial values); a form inside a
 * GuardedDialog reports it, so Esc cannot silently throw away what was typed.
 */
export function useFormState<V extends object>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The user is fixing this field; its old error no longer describes it.
    setErrors((current) => {
      if (!(String(key) in current)) return current;
      const { [String(key)]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setBaseline(next);
    setErrors({});
  }, []);
  /** Validates `input` (the values by default) and returns the parsed data, or undefined after showing errors. */
  const check = useCallback(<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined => {
    const result = validate(schema, input);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    return undefined;
  }, []);
  /**
   * A failed save: when the server's message is about one of the form's fields, it goes under
   * that field (and true is returned); the caller still shows its one toast.
   */
  const showServerError = useCallback((error: unknown): boolean => {
    const placed = serverFieldErrors(error);
    if (!placed) return false;
    setErrors((current) => ({ ...current, ...placed }));
    return true;
  }, []);
  /** A save's onError: the field error where there is one, and the action's one error toast. */
  const saveFailed = useCallback(
    (title: string) => (error: unknown) => {
      showServerError(error);
      notifyError(title, error);
    },
    [showServerError],
  );
  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);
  useReportDirty(dirty);
  return { values, set, errors, setErrors, reset, check, dirty, showServerError, saveFailed };
}
