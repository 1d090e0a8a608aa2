import { describe, expect, it } from 'vitest';
import { isLanguage, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('takes the best of ours by quality, then order, a regional tag as its language', () => {
    expect(pickLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage(['de', 'es-419', 'en'])).toBe('es');
  });

  it('answers null when none of ours is wanted', () => {
    expect(pickLanguage('fr, de;q=0.5')).toBeNull();
    expect(pickLanguage('es;q=0')).toBeNull();
    expect(pickLanguage('')).toBeNull();
    expect(pickLanguage(undefined)).toBeNull();
  });

  it('knows only en and es', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('ES')).toBe(false);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
