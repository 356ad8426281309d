import { useCallback, useEffect, useRef, useState } from 'react';
import { isEmptyDraft, wizardDrafts, type WizardDraft, type WizardDrafts } from '../wizard-draft';

/** Typing in the name saves once the customer pauses, not on every key. */
const SAVE_DELAY_MS = 300;

/**
 * Keeps the wizard's draft in the browser: restores the stored one once (through `onRestore`), then
 * saves every change after a short pause. `flush` writes now (before leaving for the gateway);
 * `discard` forgets it (the project was created, or the customer chose to leave it). A storage that
 * fails only costs the draft: the wizard works on without it.
 */
export function useWizardDraft(
  userId: string | undefined,
  draft: WizardDraft,
  onRestore: (draft: WizardDraft) => void,
  drafts: WizardDrafts = wizardDrafts,
) {
  const [ready, setReady] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;
  const restore = useRef(onRestore);
  restore.current = onRestore;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The draft as it was when discarded: not saved again until it changes.
  const discarded = useRef<WizardDraft | null>(null);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    setReady(false);
    drafts
      .load(userId)
      .catch(() => null)
      .then((stored) => {
        if (!live) return;
        if (stored && !isEmptyDraft(stored)) restore.current(stored);
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [userId, drafts]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!userId || latest.current === discarded.current) return;
    await drafts.save(userId, latest.current).catch(() => undefined);
  }, [userId, drafts]);

  const discard = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    discarded.current = latest.current;
    if (userId) await drafts.clear(userId).catch(() => undefined);
  }, [userId, drafts]);

  useEffect(() => {
    // Before the stored draft is read, the empty wizard must not overwrite it.
    if (!ready || draft === discarded.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [draft, ready, flush]);

  // Leaving the page with a save pending writes it now.
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  return { ready, flush, discard };
}
