import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';

/** `text` put in place of the selection [start, end) of `value`; the caret goes just after it. */
export function insertAt(value: string, start: number | null, end: number | null, text: string): { value: string; caret: number } {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** A text field merge fields can be inserted into. */
export interface MergeTarget {
  element: () => Field | null;
  value: () => string;
  setValue: (value: string) => void;
}

interface MergeTargets {
  /** `primary`: the field an insert goes to before any field has been focused (a body, not a subject) */
  register: (name: string, target: MergeTarget, primary?: boolean) => () => void;
  focused: (name: string) => void;
  /** Inserts `text` at the caret of the field focused last (else at the end of the first one). */
  insert: (text: string) => void;
}

const MergeTargetsContext = createContext<MergeTargets | null>(null);

/**
 * The editor's text fields that take merge fields. The inserter's button takes the focus away from
 * the field, so the field focused last is remembered; its caret (selectionStart/End) survives the
 * blur, which is where the field goes.
 */
export function MergeTargetsProvider({ children }: { children: ReactNode }) {
  const targets = useRef(new Map<string, MergeTarget>());
  const last = useRef<string | null>(null);
  const primary = useRef<string | null>(null);
  const value = useMemo<MergeTargets>(
    () => ({
      register(name, target, isPrimary = false) {
        targets.current.set(name, target);
        if (isPrimary) primary.current = name;
        return () => {
          if (targets.current.get(name) === target) targets.current.delete(name);
          if (last.current === name) last.current = null;
        };
      },
      focused(name) {
        last.current = name;
      },
      insert(text) {
        const fallback = primary.current && targets.current.has(primary.current) ? primary.current : targets.current.keys().next().value;
        const name = last.current && targets.current.has(last.current) ? last.current : fallback;
        const target = name === undefined ? undefined : targets.current.get(name);
        if (!target) return;
        const element = target.element();
        const current = target.value();
        const wasFocused = last.current === name;
        const { value: next, caret } = insertAt(
          current,
          wasFocused ? (element?.selectionStart ?? null) : null,
          wasFocused ? (element?.selectionEnd ?? null) : null,
          text,
        );
        target.setValue(next);
        last.current = name ?? null;
        // After React has put the new text in: back to the field, the caret after the tag.
        requestAnimationFrame(() => {
          const field = target.element();
          if (!field) return;
          field.focus();
          field.setSelectionRange(caret, caret);
        });
      },
    }),
    [],
  );
  return <MergeTargetsContext.Provider value={value}>{children}</MergeTargetsContext.Provider>;
}

export function useMergeTargets(): MergeTargets | null {
  return useContext(MergeTargetsContext);
}

/**
 * Makes a text field a merge target: returns the ref for its input and the focus handler. The
 * value and setter are read at insert time, so they may change on every render.
 */
export function useMergeTarget(name: string, value: string, setValue: (value: string) => void, primary = false) {
  const targets = useMergeTargets();
  const ref = useRef<Field | null>(null);
  const latest = useRef({ value, setValue });
  latest.current = { value, setValue };
  useEffect(() => {
    if (!targets) return undefined;
    return targets.register(name, {
      element: () => ref.current,
      value: () => latest.current.value,
      setValue: (next) => latest.current.setValue(next),
    }, primary);
  }, [targets, name, primary]);
  const onFocus = useCallback(() => targets?.focused(name), [targets, name]);
  return { ref, onFocus };
}
