import { useEffect, useRef } from 'react';
import type { EditDocument, EditSession } from '@estancia/contracts';

/** A value's JSON with its keys sorted: the server's JSON column does not keep the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The document's content, without its history (which the saving side may have trimmed). */
export function sameContent(a: EditDocument, b: EditDocument): boolean {
  const { history: _a, ...left } = a;
  const { history: _b, ...right } = b;
  return canonical(left) === canonical(right);
}

export interface SavedElsewhereOptions {
  /** Reads the session anew (GET .../edit); without it nothing is checked. */
  readonly load?: () => Promise<EditSession>;
  /** The document this editor last saved or loaded. */
  readonly saved: () => EditDocument;
  /** True while this editor's own save runs: what the server answers then may be older than it. */
  readonly busy: () => boolean;
  /** Counts this editor's saves: one started during a check makes the check's answer stale. */
  readonly saves: () => number;
  readonly updatedAt: string | null;
  /** Another tab or window saved a different document since: show it. */
  readonly onNewer: (session: EditSession) => void;
}

/**
 * Another tab or window of the same edit: when this page comes back into view (focus, visibility),
 * the session is read again and a document saved elsewhere since this editor's last save replaces
 * the one shown, history included, instead of being overwritten by this editor's next autosave.
 */
export function useSavedElsewhere(options: SavedElsewhereOptions): void {
  const current = useRef(options);
  const known = useRef(options.updatedAt);
  useEffect(() => {
    current.current = options;
  });

  const enabled = Boolean(options.load);
  useEffect(() => {
    if (!enabled) return;
    let checking = false;
    let gone = false;
    const check = async () => {
      const { load, saved, busy, saves } = current.current;
      if (!load || checking || busy() || globalThis.document?.visibilityState === 'hidden') return;
      checking = true;
      try {
        const started = saves();
        const session = await load();
        if (gone || busy() || saves() !== started || session.updatedAt === known.current) return;
        known.current = session.updatedAt;
        const mine = saved();
        if (session.document.baseVersionId !== mine.baseVersionId || sameContent(session.document, mine))
          return;
        current.current.onNewer(session);
      } catch {
        // Offline or refused: the next autosave says so; nothing to take over.
      } finally {
        checking = false;
      }
    };
    const onVisible = () => {
      if (globalThis.document.visibilityState === 'visible') void check();
    };
    const onFocus = () => void check();
    globalThis.addEventListener('focus', onFocus);
    globalThis.document.addEventListener('visibilitychange', onVisible);
    return () => {
      gone = true;
      globalThis.removeEventListener('focus', onFocus);
      globalThis.document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
}
