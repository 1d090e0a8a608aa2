import { QUALIFYING_CONDITIONS } from './icd-codes.js';
import {
  type BillableContent,
  type ConditionRef,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
} from './schemas/transcription.js';

// Pure rules of the transcription workflow (issue 4): key findings drawn from the Keyword
// Manager's terms and the qualifying-condition list, and the billable content of a consultation.

export interface KeywordTerm {
  term: string;
  category?: string | null;
}

export interface FoundCondition {
  icdCode: string;
  description: string;
}

/** Curly apostrophes typed by phones and word processors count as straight ones. */
const normalise = (text: string) => text.replace(/[\u2018\u2019\u02BC]/g, "'");

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a phrase as whole words, case-insensitively, with any run of spaces between its
 * words. A word boundary is anything but a letter or digit; "G35" does not match "G35.1".
 */
export function wholeWordPattern(phrase: string): RegExp {
  const body = normalise(phrase).trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(
    `(?<![\\p{L}\\p{N}_]|[\\p{L}\\p{N}]\\.)${body}(?![\\p{L}\\p{N}_]|\\.[\\p{L}\\p{N}])`,
    'iu',
  );
}

export function containsWholeWords(text: string, phrase: string): boolean {
  if (!phrase.trim()) return false;
  return wholeWordPattern(phrase).test(normalise(text));
}

/**
 * The ways a condition shows in a transcript: its code, its description, and for
 * "Post-traumatic stress disorder (PTSD)" also the description without the parenthesis
 * and the abbreviation alone.
 */
export function conditionAliases(condition: FoundCondition): string[] {
  const aliases = [condition.icdCode, condition.description];
  const paren = /^(.*?)\s*\(([^)]+)\)\s*$/.exec(condition.description);
  if (paren) aliases.push(paren[1]!, paren[2]!);
  return aliases.filter((a) => a.trim().length > 0);
}

/** Qualifying conditions named (by code or description) anywhere in the texts, in list order. */
export function findConditions(
  texts: readonly string[],
  conditions: readonly FoundCondition[] = QUALIFYING_CONDITIONS,
): FoundCondition[] {
  const text = texts.join('\n');
  return conditions
    .filter((c) => conditionAliases(c).some((alias) => containsWholeWords(text, alias)))
    .map((c) => ({ icdCode: c.icdCode, description: c.description }));
}

export const conditionFinding = (c: FoundCondition) => `${c.description} (${c.icdCode})`;

/**
 * Key findings: the qualifying conditions found ("Chronic pain (G89.29)"), in list order, then
 * the Keyword Manager's terms found, alphabetically, each once (case-insensitive). A term that
 * only names a condition already found is not repeated.
 */
export function keyFindings(
  texts: readonly string[],
  keywords: readonly KeywordTerm[],
  conditions: readonly FoundCondition[] = QUALIFYING_CONDITIONS,
): { keyFindings: string[]; conditions: FoundCondition[] } {
  const found = findConditions(texts, conditions);
  const text = texts.join('\n');
  const taken = new Set(found.flatMap((c) => conditionAliases(c).map((a) => a.toLowerCase())));
  const terms: string[] = [];
  const sorted = [...keywords].sort((a, b) =>
    a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }),
  );
  for (const { term } of sorted) {
    const key = term.trim().toLowerCase();
    if (!key || taken.has(key)) continue;
    if (containsWholeWords(text, term)) {
      terms.push(term.trim());
      taken.add(key);
    }
  }
  return { keyFindings: [...found.map(conditionFinding), ...terms], conditions: found };
}

/** Whole minutes, rounded: a 20-second call is 0 minutes, a 15 min 40 s call 16. */
export const durationMinutes = (durationSeconds: number | null | undefined) =>
  Math.max(0, Math.round((durationSeconds ?? 0) / 60));

/**
 * What a consultation can be billed for: its duration, the conditions addressed (the
 * application's, then those found in the notes that the application does not list), and the
 * outcome. Billable when it lasted (a rounded minute or more) and an outcome was recorded.
 */
export function billableContent(args: {
  durationSeconds: number | null;
  outcome: string | null;
  applicationConditions: readonly ConditionRef[];
  foundConditions: readonly FoundCondition[];
}): BillableContent {
  const minutes = durationMinutes(args.durationSeconds);
  const conditions: ConditionRef[] = [];
  const seen = new Set<string>();
  const keys = (c: ConditionRef) =>
    [c.icdCode?.toUpperCase(), c.description.trim().toLowerCase()].filter(Boolean) as string[];
  for (const c of [...args.applicationConditions, ...args.foundConditions]) {
    if (keys(c).some((k) => seen.has(k))) continue;
    for (const k of keys(c)) seen.add(k);
    conditions.push({ icdCode: c.icdCode ?? null, description: c.description.trim() });
  }
  const outcome =
    args.outcome === 'approved' || args.outcome === 'not_approved' ? args.outcome : null;
  return { durationMinutes: minutes, conditions, outcome, billable: minutes > 0 && !!outcome };
}

/** A search snippet cut into plain text and matches, for rendering without HTML. */
export function splitSnippet(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length) {
    const start = rest.indexOf(SNIPPET_MATCH_START);
    if (start < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf(SNIPPET_MATCH_END, start + 1);
    const stop = end < 0 ? rest.length : end;
    parts.push({ text: rest.slice(start + 1, stop), match: true });
    rest = end < 0 ? '' : rest.slice(end + 1);
  }
  return parts.filter((p) => p.text.length > 0);
}
