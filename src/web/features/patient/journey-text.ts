import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { calendarDate } from '@/lib/i18n/format';
import { type MessageValues, parseMessageRef } from '../../../shared/i18n/message-key';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A journey line in `i18n`'s language (issue 24). The server sends each step's status and
 * action label in English (the clinic's screens) and by key (msg(), src/shared/journey.ts); this
 * formats the keyed one. A value may itself be by key (a document's name), several joined by `|`
 * (a list of documents), or a calendar date (YYYY-MM-DD, written as the language writes it and
 * never moved by a time zone). Without a key, the English is shown as it is.
 */
export function journeyLine(i18n: I18n, message: string | undefined, english: string): string {
  const ref = message ? parseMessageRef(message) : null;
  if (!ref) return english;
  const value = (v: string | number): string | number => {
    if (typeof v !== 'string') return v;
    if (CALENDAR_DATE.test(v)) return calendarDate(i18n, v);
    const parts = v.split('|').map((part) => parseMessageRef(part));
    if (parts.every((p) => p !== null))
      return parts.map((p) => (p ? i18n._(p.key, p.values) : '')).join(', ');
    return v;
  };
  const values: MessageValues | undefined = ref.values
    ? Object.fromEntries(Object.entries(ref.values).map(([k, v]) => [k, value(v)]))
    : undefined;
  return i18n._(ref.key, values);
}

/** journeyLine in the page's language; re-renders the component when the language changes. */
export function useJourneyText(): (message: string | undefined, english: string) => string {
  const { i18n, _ } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `_` changes with the language.
  return useCallback(
    (message: string | undefined, english: string) => journeyLine(i18n, message, english),
    [i18n, _],
  );
}
