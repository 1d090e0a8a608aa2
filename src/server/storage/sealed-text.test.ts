import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TextSealer } from './sealed-text.js';

describe('TextSealer', () => {
  const sealer = new TextSealer(randomBytes(32));

  it('round-trips text, never storing it in the clear, with a fresh IV each time', () => {
    const a = sealer.seal('JBSWY3DPEHPK3PXP', 'mfa-secret');
    const b = sealer.seal('JBSWY3DPEHPK3PXP', 'mfa-secret');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(sealer.open(a, 'mfa-secret')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value altered, sealed for another purpose or under another key', () => {
    const sealed = sealer.seal('hello', 'mail');
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => sealer.open(raw.toString('base64url'), 'mail')).toThrow();
    expect(() => sealer.open(sealed, 'mfa-secret')).toThrow();
    expect(() => new TextSealer(randomBytes(32)).open(sealed, 'mail')).toThrow();
    expect(() => sealer.open('abc', 'mail')).toThrow('too short');
  });
});
