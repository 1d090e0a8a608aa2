// Test data, shared by return-path.test.ts and the sign-in journey (e2e/open-redirect.spec.ts):
// `?next=` values that pass a check of the raw string and become "//host" (another site) once
// dot segments are removed (issue 21).
export const OPEN_REDIRECT_PAYLOADS = [
  '/.//evil.example/phish',
  '/..//evil.example/x',
  '/a/..//evil.example/x',
  '/%2e//evil.example/x',
  '/./\\evil.example/x',
  '/%2e%2e//evil.example/x',
  '/a/%2E%2E//evil.example/x',
  '/./%2e//evil.example/x',
] as const;
