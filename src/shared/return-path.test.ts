import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnPath } from './return-path.js';
import { OPEN_REDIRECT_PAYLOADS } from './return-path.payloads.js';

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

  // Issue 21: each was safe as written, and became "//host" once its dot segments were removed.
  it('refuses a path that dot-segment removal turns into another site', () => {
    for (const bad of OPEN_REDIRECT_PAYLOADS) expect(safeReturnPath(bad), bad).toBeNull();
  });

  it('keeps dot segments that stay on this site, resolved', () => {
    expect(safeReturnPath('/patient/../patient/queue')).toBe('/patient/queue');
    expect(safeReturnPath('/./patient/documents?x=1')).toBe('/patient/documents?x=1');
    expect(safeReturnPath('/.%2f/x')).toBe('/.%2f/x');
  });

  it('builds the sign-in link only for safe paths', () => {
    expect(loginReturningTo('/patient/queue')).toBe('/login?next=%2Fpatient%2Fqueue');
    expect(loginReturningTo('//evil.example')).toBe('/login');
    expect(loginReturningTo('/.//evil.example')).toBe('/login');
  });
});
