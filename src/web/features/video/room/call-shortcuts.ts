import { useEffect, useRef } from 'react';

// The call's keyboard shortcuts (issue 12), one list for the key handler and the help dialog.
// A key typed into a field (chat, notes, the outcome's reason) stays text; keys with Ctrl,
// Alt or Meta are the browser's.

export type ShortcutAction = 'mic' | 'camera' | 'share' | 'help';

export const CALL_SHORTCUTS: readonly { key: string; action: ShortcutAction; does: string }[] = [
  { key: 'M', action: 'mic', does: 'Mute or unmute your microphone' },
  { key: 'V', action: 'camera', does: 'Stop or start your camera' },
  { key: 'S', action: 'share', does: 'Share your screen, or stop sharing' },
  { key: '?', action: 'help', does: 'Show these shortcuts' },
];

export const shortcutKey = (action: ShortcutAction) =>
  CALL_SHORTCUTS.find((s) => s.action === action)?.key;

/** Whether a key press belongs to a field or widget that takes text. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as Partial<HTMLInputElement> | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = element.type ?? 'text';
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'file'].includes(type);
}

/** The action a key press asks for, or null. */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'repeat' | 'target'>,
): ShortcutAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return null;
  if (isTyping(event.target)) return null;
  const key = event.key === '?' ? '?' : event.key.toUpperCase();
  return CALL_SHORTCUTS.find((s) => s.key === key)?.action ?? null;
}

/** Runs the handler of each shortcut pressed anywhere on the page while mounted. */
export function useCallShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog (settings, end confirmation) owns the keyboard while it is open.
      if (
        document.querySelector(
          '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
        )
      )
        return;
      const action = shortcutFor(event);
      const handler = action ? current.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
