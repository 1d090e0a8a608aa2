import { describe, expect, it } from 'vitest';
import { findRefusedCharacter, hasRefusedCharacter } from './refused-characters.js';

describe('the refused-character rule', () => {
  const refused = [...Array(32).keys()].filter((c) => c !== 9 && c !== 10 && c !== 13);

  it.each(refused)('refuses C0 character %i', (code) => {
    expect(hasRefusedCharacter(`ab${String.fromCharCode(code)}cd`)).toBe(true);
  });

  it.each([
    ['a lone high surrogate', 'ab\ud800cd'],
    ['a high surrogate at the end', 'abc\udbff'],
    ['a lone low surrogate', '\udc00abc'],
    ['a pair in the wrong order', '\ude42\ud83d'],
    ['one half of a pair after a whole one', '🙂\ud83d'],
  ])('refuses %s', (_name, text) => {
    expect(hasRefusedCharacter(text)).toBe(true);
  });

  it('keeps whole surrogate pairs (emoji, characters beyond the BMP)', () => {
    expect(hasRefusedCharacter('🙂🙂 𝄞 𠀋')).toBe(false);
  });

  it('keeps TAB, LF, CR, DEL and any printable text', () => {
    expect(hasRefusedCharacter('line one\r\nline two\tend')).toBe(false);
    expect(hasRefusedCharacter('\u007f é 漢字 🙂')).toBe(false);
  });

  it('names the path of the first refused string at any depth', () => {
    expect(findRefusedCharacter({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual([
      'b',
      1,
      'd',
    ]);
    expect(findRefusedCharacter('\u001b')).toEqual([]);
    expect(findRefusedCharacter({ a: ['fine', 3, null, true] })).toBeNull();
    expect(findRefusedCharacter({ draft: { notes: 'ok', conditions: [{ d: '\ud800' }] } })).toEqual(
      ['draft', 'conditions', 0, 'd'],
    );
  });

  it('walks a nesting far deeper than the call stack without overflowing', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findRefusedCharacter(deep)).toHaveLength(200_000);
  });

  it('leaves binary bodies alone', () => {
    expect(findRefusedCharacter(new Uint8Array([0, 1, 2]))).toBeNull();
  });
});
