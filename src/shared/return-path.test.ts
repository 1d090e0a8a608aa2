import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnPath } from './return-path.js';

describe('the way back after sign-in', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/patient/video-consultation?session=abc')).toBe(
      '/patient/video-consultation?session=abc',
    );
    expect(safeReturnPath('/patient/documents')).toBe('/patient/documents');
  });

  it('refuses other sites, schemes and the sign-in page itself', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      'patient/queue',
      '/login?next=/x',
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
  });

  it('builds the sign-in link only for safe paths', () => {
    expect(loginReturningTo('/patient/queue')).toBe('/login?next=%2Fpatient%2Fqueue');
    expect(loginReturningTo('//evil.example')).toBe('/login');
  });
});
