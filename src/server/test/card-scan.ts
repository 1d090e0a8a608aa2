import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

// "Card numbers and CVVs are never stored or logged" (DESIGN.md): tools to look for them.

/** Luhn checksum, written out here so the test does not trust the code it checks. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Every Luhn-valid run of 13–19 digits in `text`, written together or grouped with single
 * spaces. A run glued to letters, digits or dashes (hex hashes, UUIDs) is not a card number.
 */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![0-9A-Za-z-])\d(?: ?\d){12,18}(?![0-9A-Za-z-])/g)) {
    const digits = m[0].replace(/ /g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) found.push(m[0]);
  }
  return found;
}

/** Whether `number`'s digits appear in `text` in any usual grouping (plain, spaces, dashes). */
export function containsCard(text: string, number: string): boolean {
  const digits = number.replace(/\D/g, '');
  const groups = digits.match(/.{1,4}/g) ?? [];
  return [digits, groups.join(' '), groups.join('-')].some((form) => text.includes(form));
}

/** Every string (and key) inside a parsed JSON value: where typed-in card data would be. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  return [];
}

/** Every row of every table (all schemas but the system ones), by "schema.table". */
export async function dumpDatabase(db: Db): Promise<Record<string, unknown[]>> {
  // Both drivers answer raw SQL with `{ rows }`.
  const query = async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const dump: Record<string, unknown[]> = {};
  for (const { schema, name } of tables) {
    const [row] = await query<{ data: string }>(
      sql.raw(`select coalesce(json_agg(t)::text, '[]') as data from "${schema}"."${name}" t`),
    );
    dump[`${schema}.${name}`] = JSON.parse(row!.data) as unknown[];
  }
  return dump;
}
