import type { AppContext } from '../../context.js';
import { limitAddress } from '../../rate-limit/address.js';
import { LIMIT_SUBJECTS } from '../../rate-limit/limits.js';
import { TooManyRequests, waitAfterHit, waitFor } from '../../rate-limit/too-many.js';

// Card testing (issue 10, defect 7; issue 21, item 3): declined charges are counted per account
// and per address in the app's counters (shared between nodes through Redis), and past either
// limit no card reaches the processor until the window ends. Refusals before the processor
// (validation, fee mismatch) are not declines and do not count.
//
// Per account, checking before and counting after cannot be raced: one charge runs at a time
// per patient (the patient's lock and the live-payment index). Across accounts it can, so each
// charge takes a slot under its address's limit *before* the processor is called and gives it
// back once the charge is known not to be a decline: parallel charges from twenty accounts
// cannot all pass a check made before any of them was declined. A charge whose outcome is
// unknown keeps its slot (it may have been a decline); so, for as long as they run, do charges
// in flight, so one address has at most the limit's number of charges under way at once.

const accountKey = (userId: string) => `limit:declinedCharges:${userId}`;
const addressKey = (ip: string) => `limit:declinedChargesPerAddress:${limitAddress(ip)}`;

/** A charge's place under its address's limit of declined charges. */
export interface ChargeSlot {
  /** The processor declined the charge: it counts against the account and the address. */
  declined(): Promise<void>;
  /** No answer came (it may have been a decline): the address's slot stays taken. */
  keep(): void;
  /** Ends the attempt: the address's slot is given back unless the charge was declined. */
  release(): Promise<void>;
}

/**
 * Before anything is written: refuses (429) an account or an address past its limit, otherwise
 * takes the address's slot for this charge. The caller releases it however the attempt ends.
 */
export async function reserveCharge(
  ctx: AppContext,
  who: { userId: string; ip: string },
): Promise<ChargeSlot> {
  const accountWait = waitFor(
    await ctx.counters.peek(accountKey(who.userId)),
    ctx.limits.declinedCharges,
  );
  if (accountWait > 0) throw new TooManyRequests(LIMIT_SUBJECTS.declinedCharges.what, accountWait);

  const key = addressKey(who.ip);
  const limit = ctx.limits.declinedChargesPerAddress;
  const addressWait = waitAfterHit(await ctx.counters.hit(key, limit.windowMs), limit);
  if (addressWait > 0) {
    await ctx.counters.release(key); // a refused attempt reached nothing: it is not a decline
    throw new TooManyRequests(LIMIT_SUBJECTS.declinedChargesPerAddress.what, addressWait);
  }

  let kept = false;
  let released = false;
  return {
    async declined() {
      kept = true;
      await ctx.counters.hit(accountKey(who.userId), ctx.limits.declinedCharges.windowMs);
    },
    keep() {
      kept = true;
    },
    async release() {
      if (kept || released) return;
      released = true;
      await ctx.counters.release(key);
    },
  };
}
