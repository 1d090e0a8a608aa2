import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './control-characters.js';

describe('the control-character rule', () => {
  const refused = [...Array(32).keys()].filter((c) => c !== 9 && c !== 10 && c !== 13);

  it.each(refused)('refuses C0 character %i', (code) => {
    expect(hasControlCharacter(`ab${String.fromCharCode(code)}cd`)).toBe(true);
  });

  it('keeps TAB, LF, CR, DEL and any printable text', () => {
    expect(hasControlCharacter('line one\r\nline two\tend')).toBe(false);
    expect(hasControlCharacter('\u007f é 漢字 🙂')).toBe(false);
  });

  it('names the path of the first refused string at any depth', () => {
    expect(findControlCharacter({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual([
      'b',
      1,
      'd',
    ]);
    expect(findControlCharacter('\u001b')).toEqual([]);
    expect(findControlCharacter({ a: ['fine', 3, null, true] })).toBeNull();
  });

  it('walks a nesting far deeper than the call stack without overflowing', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findControlCharacter(deep)).toHaveLength(200_000);
  });

  it('leaves binary bodies alone', () => {
    expect(findControlCharacter(new Uint8Array([0, 1, 2]))).toBeNull();
  });
});
