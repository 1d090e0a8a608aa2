// Look-ups keyed by what a request (or a row a request once wrote) says read a table's own
// entries only. `TABLE[key]` with key "__proto__", "constructor", "toString", "valueOf" or
// "hasOwnProperty" finds Object.prototype's members, which the caller then takes for an entry
// (issue 21: `type=__proto__` on an upload read a property of undefined, a 500).

/** Whether `key` names one of the table's own entries. */
export function isOwnKey<T extends object>(table: T, key: unknown): key is keyof T & string {
  return typeof key === 'string' && Object.hasOwn(table, key);
}

/** The table's own entry for `key`, or undefined (never an inherited member). */
export function ownEntry<T extends object>(table: T, key: unknown): T[keyof T] | undefined {
  return isOwnKey(table, key) ? table[key] : undefined;
}
