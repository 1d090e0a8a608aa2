// Money travels as dollar strings with two decimals ("137.00") and is stored in integer
// cents (ruling 15).

export const formatCents = (cents: number): string => (cents / 100).toFixed(2);

/** "$137.00" for display. */
export const formatUsd = (cents: number): string => `$${formatCents(cents)}`;

/** Parses "137", "137.0" or "137.00" to cents; null when it is not an amount. */
export function parseDollars(value: string): number | null {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
