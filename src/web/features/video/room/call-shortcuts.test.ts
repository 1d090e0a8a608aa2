import { describe, expect, it } from 'vitest';
import { isTyping, shortcutFor } from './call-shortcuts';

// The room's keyboard shortcuts (issue 12): M, V, S and ?, never while typing in a field.

const press = (key: string, target: unknown = null, extra: Partial<KeyboardEvent> = {}) =>
  shortcutFor({
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    repeat: false,
    target: target as EventTarget | null,
    ...extra,
  });

describe('shortcutFor', () => {
  it('maps M, V, S (either case) and ? to their actions', () => {
    expect(press('m')).toBe('mic');
    expect(press('M')).toBe('mic');
    expect(press('v')).toBe('camera');
    expect(press('s')).toBe('share');
    expect(press('?')).toBe('help');
    expect(press('x')).toBeNull();
  });

  it('leaves keys with Ctrl, Alt or Meta and held keys to the browser', () => {
    expect(press('m', null, { ctrlKey: true })).toBeNull();
    expect(press('s', null, { metaKey: true })).toBeNull();
    expect(press('v', null, { altKey: true })).toBeNull();
    expect(press('m', null, { repeat: true })).toBeNull();
  });

  it('ignores keys typed into fields', () => {
    expect(press('m', { tagName: 'TEXTAREA' })).toBeNull();
    expect(press('m', { tagName: 'INPUT', type: 'text' })).toBeNull();
    expect(press('?', { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(press('m', { tagName: 'BUTTON' })).toBe('mic');
  });
});

describe('isTyping', () => {
  it('is true for text fields and selects, false for buttons, boxes and the page', () => {
    expect(isTyping({ tagName: 'SELECT' } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: 'INPUT', type: 'search' } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget)).toBe(false);
    expect(isTyping({ tagName: 'BODY' } as unknown as EventTarget)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
