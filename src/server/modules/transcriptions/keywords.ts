import { asc, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { Keyword } from '../../../shared/schemas/transcription.js';
import type { Db, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type KeywordRow, keywords } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../audit/service.js';

// The Keyword Manager (ruling 9: built for real; ruling 3: `keywords`). Its terms feed the key
// findings of the next transcription stored. Terms are the clinic's vocabulary, not PHI; the
// audit rows still keep only ids.

type Actor = Pick<CurrentUser, 'id' | 'role'>;
const DUPLICATE = 'That keyword is already in the list';
const NOT_FOUND = 'Keyword not found';

export const toKeyword = (row: KeywordRow): Keyword => ({
  id: row.id,
  term: row.term,
  category: row.category,
  createdAt: row.createdAt.toISOString(),
});

export const listKeywords = async (db: Executor): Promise<Keyword[]> =>
  (
    await db
      .select()
      .from(keywords)
      .orderBy(asc(sql`lower(${keywords.term})`), asc(keywords.id))
  ).map(toKeyword);

/** The unique index on lower(term) decides duplicates, also when two staff add one at once. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DUPLICATE);
    throw err;
  }
}

export function createKeyword(
  db: Db,
  actor: Actor,
  input: { term: string; category: string | null },
  ip: string,
): Promise<Keyword> {
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(keywords)
        .values({ term: input.term, category: input.category, createdBy: actor.id })
        .returning();
      await audit(tx, {
        actor,
        action: 'keyword.create',
        targetType: 'keyword',
        targetId: row!.id,
        ip,
      });
      return toKeyword(row!);
    }),
  );
}

export function updateKeyword(
  db: Db,
  actor: Actor,
  id: string,
  input: { term: string; category: string | null },
  ip: string,
): Promise<Keyword> {
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(keywords)
        .set({ term: input.term, category: input.category })
        .where(eq(keywords.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      await audit(tx, { actor, action: 'keyword.update', targetType: 'keyword', targetId: id, ip });
      return toKeyword(row);
    }),
  );
}

export async function deleteKeyword(db: Db, actor: Actor, id: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(keywords).where(eq(keywords.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await audit(tx, { actor, action: 'keyword.delete', targetType: 'keyword', targetId: id, ip });
  });
}
