import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { msg } from '../../../shared/i18n/message-key.js';
import { AppError } from '../../errors.js';

// New passwords must not be common or easy to guess (issue 10, defect 14): zxcvbn's estimate
// over its common-password and English dictionaries, with the account's own email and names
// counted as guessable. Server-side only: the dictionaries are large and stay out of the web
// bundle, where the shared schema keeps the cheap rules (length, not only spaces).

/** zxcvbn's 0–4 scale; 2 needs about 10^8 guesses ("somewhat guessable" is the floor). */
export const MIN_PASSWORD_SCORE = 2;

let checker: ZxcvbnFactory | undefined;

/** Builds the checker once (about 150 ms for the dictionaries); the app calls it at start. */
export function loadPasswordChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return checker;
}

/** Why a new password is refused, or null when it is strong enough. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  const result = loadPasswordChecker().check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  // zxcvbn's feedback is English only: the Spanish message leaves it out (catalogs/es/auth.json).
  return why ? msg('auth.error.passwordWeak', { why }) : msg('auth.error.passwordWeakPlain');
}

/** Refuses a weak new password with a 400 on the `password` field. */
export function assertStrongPassword(password: string, userInputs: string[] = []): void {
  const message = passwordWeakness(password, userInputs);
  if (message) throw new AppError('BAD_REQUEST', message, [{ path: 'password', message }]);
}
