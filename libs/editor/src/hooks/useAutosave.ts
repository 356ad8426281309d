import { useCallback, useEffect, useRef, useState } from 'react';

/** `pending`: changed since the last save (the timer runs); `error`: the last save failed. */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export interface Autosave<T = unknown> {
  readonly status: SaveStatus;
  /** Saves the latest value now (after any save under way) and resolves once it is saved. */
  flush(): Promise<void>;
  /** The value last saved (or taken as saved): what the server holds as far as this editor knows. */
  saved(): T;
  /** Takes `value` as saved without saving it (a newer document loaded from the server). */
  markSaved(value: T): void;
  /** True while a save runs. */
  busy(): boolean;
}

/**
 * Debounced saving, a layer apart from the editor: saves `value` once changes stop for `delay` ms,
 * never runs two saves at once, and after a save always catches up with the latest value. The
 * first value counts as saved. A change still unsaved when the host unmounts is saved then.
 * `same` tells two values that need no save between them (default: the same object).
 */
export function useAutosave<T>(
  value: T,
  save: (value: T) => Promise<unknown>,
  delay = 1500,
  enabled = true,
  same: (a: T, b: T) => boolean = Object.is,
): Autosave<T> {
  const [saved, setSaved] = useState(value);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(value);
  const savedRef = useRef(value);
  const saveRef = useRef(save);
  const sameRef = useRef(same);
  const running = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    latest.current = value;
    saveRef.current = save;
    sameRef.current = same;
  });

  const run = useCallback((): Promise<void> => {
    const chain = (async () => {
      // One save at a time: wait for the one under way, then save whatever is latest by then.
      while (running.current) await running.current.catch(() => undefined);
      const target = latest.current;
      if (sameRef.current(target, savedRef.current)) return;
      setSaving(true);
      setFailed(false);
      const attempt = saveRef.current(target);
      running.current = attempt;
      try {
        await attempt;
        savedRef.current = target;
        setSaved(() => target);
      } catch (error) {
        setFailed(true);
        throw error;
      } finally {
        running.current = null;
        setSaving(false);
      }
    })();
    return chain;
  }, []);

  useEffect(() => {
    if (!enabled || sameRef.current(value, savedRef.current)) return;
    const timer = setTimeout(() => void run().catch(() => undefined), delay);
    return () => clearTimeout(timer);
  }, [value, delay, enabled, run]);

  useEffect(
    () => () => {
      if (enabled && !sameRef.current(latest.current, savedRef.current)) void run().catch(() => undefined);
    },
    [enabled, run],
  );

  const flush = useCallback(() => run(), [run]);
  const getSaved = useCallback(() => savedRef.current, []);
  const busy = useCallback(() => running.current !== null, []);
  const markSaved = useCallback((next: T) => {
    savedRef.current = next;
    latest.current = next;
    setSaved(() => next);
    setFailed(false);
  }, []);

  const status: SaveStatus = saving ? 'saving' : same(value, saved) ? 'saved' : failed ? 'error' : 'pending';
  return { status, flush, saved: getSaved, markSaved, busy };
}
