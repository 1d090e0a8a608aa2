// Every request limit in one place (issue 10, defects 7 and 11). A limit counts hits in a fixed
// window that starts at the first hit; past `max`, the answer is 429 with Retry-After until the
// window ends. Counts live in memory, or in Redis when REDIS_URL is set so all nodes count
// together (counters.ts).

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Wrong passwords for one account from one address: the owner elsewhere is not locked out. */
  loginPerAccountAddress: Limit;
  /** Wrong passwords from one address across accounts (no tighter than 30 an hour). */
  loginPerAddress: Limit;
  /** Declined charges per account (card testing); refusals before the processor do not count. */
  declinedCharges: Limit;
  /**
   * Declined charges per address across accounts (issue 21): card testing through many
   * accounts. Each charge holds a slot from before the processor is called until it is approved.
   */
  declinedChargesPerAddress: Limit;
  /** Accounts created per address. */
  registration: Limit;
  /** Document uploads per account. */
  uploads: Limit;
  /** First-admin setup attempts (the setup token is a password) per address. */
  adminSetup: Limit;
  /** Password-reset requests per address, whatever the addresses asked for. */
  passwordResetPerAddress: Limit;
  /** Password-reset requests per email address asked for, whether or not it has an account. */
  passwordResetPerEmail: Limit;
  /**
   * Second-factor codes per staff account across sign-ins (issue 13): a pending session ends
   * after five wrong codes, and this stops a password holder from signing in again and again.
   */
  mfaCodes: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS: RateLimits = {
  loginPerAccountAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 30, windowMs: HOUR },
  declinedCharges: { max: 5, windowMs: HOUR },
  declinedChargesPerAddress: { max: 10, windowMs: HOUR },
  registration: { max: 20, windowMs: HOUR },
  uploads: { max: 60, windowMs: HOUR },
  adminSetup: { max: 10, windowMs: HOUR },
  passwordResetPerAddress: { max: 20, windowMs: HOUR },
  passwordResetPerEmail: { max: 5, windowMs: HOUR },
  mfaCodes: { max: 10, windowMs: 15 * MINUTE },
};

/** What each limit counts by and how its 429 names it ("Too many …"). */
export const LIMIT_SUBJECTS: Record<keyof RateLimits, { by: 'account' | 'address'; what: string }> =
  {
    loginPerAccountAddress: { by: 'account', what: 'sign-in attempts' },
    loginPerAddress: { by: 'address', what: 'sign-in attempts' },
    declinedCharges: { by: 'account', what: 'declined payments' },
    declinedChargesPerAddress: { by: 'address', what: 'declined payments from this address' },
    registration: { by: 'address', what: 'accounts created from this address' },
    uploads: { by: 'account', what: 'uploads' },
    adminSetup: { by: 'address', what: 'setup attempts' },
    passwordResetPerAddress: { by: 'address', what: 'password reset requests' },
    passwordResetPerEmail: { by: 'account', what: 'password reset requests' },
    mfaCodes: { by: 'account', what: 'sign-in codes' },
  };

/** Limits no test reaches by accident (test/harness.ts); limit tests opt into real ones. */
export const RAISED_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, limit]) => [name, { ...limit, max: 1_000_000 }]),
) as unknown as RateLimits;

/** "Too many X. Please try again in N minutes." */
export function tooManyMessage(what: string, waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
