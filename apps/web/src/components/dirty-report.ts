import { createContext, useContext, useEffect, useId } from 'react';

// Apart from the dialog (discard-guard.tsx): a form reports with this alone, and the sign-in page's
// form must not load the dialog code to do it.

/**
 * Forms rendered inside a guarded dialog report here whether they hold unsaved changes, so the
 * dialog can ask before Esc or a click outside throws them away (see useFormState).
 */
export type ReportDirty = (formId: string, dirty: boolean) => void;
export const DirtyReportContext = createContext<ReportDirty | null>(null);

/** Tells the enclosing guarded dialog, if any, whether this form has unsaved changes. */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(DirtyReportContext);
  const formId = useId();
  useEffect(() => {
    report?.(formId, dirty);
  }, [report, formId, dirty]);
  // A form that goes away takes its changes with it.
  useEffect(() => () => report?.(formId, false), [report, formId]);
}
