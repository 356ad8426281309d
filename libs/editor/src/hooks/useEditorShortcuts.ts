import { useEffect, useRef } from 'react';
import type { EditTool } from '@estancia/contracts';
import { TOOL_SHORTCUTS } from '../tools';

export interface EditorShortcutHandlers {
  undo(): void;
  redo(): void;
  chooseTool(tool: EditTool): void;
  cancel(): void;
  commit(): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  setPanning(panning: boolean): void;
}

const TOOL_BY_KEY = new Map(
  Object.entries(TOOL_SHORTCUTS).map(([tool, key]) => [key.toLowerCase(), tool as EditTool]),
);

/** Typing in a field keeps its own keys (Ctrl+Z undoes the text there). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A focused control keeps Space and Enter to activate itself. */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button, a, [role="slider"], [role="button"]') !== null;

/**
 * The editor's keys on the page: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, a letter per tool,
 * Escape drops the gesture in progress, Enter closes an outline, hold Space to pan, + / - / 0 zoom.
 */
export function useEditorShortcuts(handlers: EditorShortcutHandlers): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const h = current.current;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z' || key === 'y') {
          event.preventDefault();
          if (key === 'y' || event.shiftKey) h.redo();
          else h.undo();
        }
        return;
      }
      if (event.altKey) return;
      if (event.key === 'Escape') return h.cancel();
      if (isControl(event.target) && (event.key === ' ' || event.key === 'Enter')) return;
      if (event.key === ' ') {
        event.preventDefault();
        if (!event.repeat) h.setPanning(true);
      } else if (event.key === 'Enter') h.commit();
      else if (event.key === '+' || event.key === '=') h.zoomIn();
      else if (event.key === '-') h.zoomOut();
      else if (event.key === '0') h.fit();
      else {
        const tool = TOOL_BY_KEY.get(key);
        if (tool && !event.repeat) h.chooseTool(tool);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') current.current.setPanning(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
