import type { AppContext } from '../../context.js';
import { LIMIT_SUBJECTS } from '../../rate-limit/limits.js';
import { TooManyRequests, waitFor } from '../../rate-limit/too-many.js';

// Card testing (issue 10, defect 7): declined charges per account are counted in the app's
// counters (shared between nodes through Redis), and past the limit no card reaches the
// processor until the window ends. Refusals before the processor (validation, fee mismatch)
// are not declines and do not count. One charge runs at a time per patient (the patient's lock
// and the live-payment index), so checking before and counting after cannot be raced.

const keyFor = (userId: string) => `limit:declinedCharges:${userId}`;

export async function assertMayCharge(ctx: AppContext, userId: string): Promise<void> {
  const wait = waitFor(await ctx.counters.peek(keyFor(userId)), ctx.limits.declinedCharges);
  if (wait > 0) throw new TooManyRequests(LIMIT_SUBJECTS.declinedCharges.what, wait);
}

export async function countDecline(ctx: AppContext, userId: string): Promise<void> {
  await ctx.counters.hit(keyFor(userId), ctx.limits.declinedCharges.windowMs);
}
