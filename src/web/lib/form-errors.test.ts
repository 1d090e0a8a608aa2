import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldNamedBy, serverFieldErrors } from './form-errors';

const LABELS = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  middleName: 'Middle name (optional)',
};
const answer = (status: number, body: object) =>
  new ApiError(status, 'Bad Request', JSON.stringify(body));

describe('serverFieldErrors', () => {
  it('puts each issue beside its field and keeps the rest for the form', () => {
    const error = answer(400, {
      message: 'Password is too common',
      code: 'VALIDATION',
      issues: [
        { path: 'body.password', message: 'Password is too common' },
        { path: 'captcha', message: 'Try again' },
      ],
    });
    expect(serverFieldErrors(error, LABELS, 'Failed')).toEqual({
      fieldErrors: [{ field: 'password', message: 'Password is too common' }],
      formMessage: 'Try again',
    });
  });

  it('sends a 400/409 message that names a field to that field', () => {
    const taken = answer(409, {
      message: 'An account with this email already exists',
      code: 'CONFLICT',
    });
    expect(serverFieldErrors(taken, LABELS, 'Failed')).toEqual({
      fieldErrors: [{ field: 'email', message: 'An account with this email already exists' }],
      formMessage: null,
    });
  });

  it('keeps a refusal that names no field, or is not a 4xx about input, for the form', () => {
    const wrong = answer(401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(serverFieldErrors(wrong, LABELS, 'Failed')).toEqual({
      fieldErrors: [],
      formMessage: 'Invalid email or password',
    });
    const broken = answer(500, { message: 'Something went wrong', code: 'INTERNAL' });
    expect(serverFieldErrors(broken, LABELS, 'Failed').formMessage).toBe('Something went wrong');
  });
});

describe('fieldNamedBy', () => {
  it('prefers the longest label a message names, as whole words', () => {
    expect(fieldNamedBy('Confirm password does not match', LABELS)).toBe('confirmPassword');
    expect(fieldNamedBy('Password must be longer', LABELS)).toBe('password');
    expect(fieldNamedBy('Middle name is too long', LABELS)).toBe('middleName');
    expect(fieldNamedBy('Emails are closed today', LABELS)).toBeUndefined();
  });
});
