import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

// Dates and money as the active language writes them (INTL_LOCALE: en-US, es-US), one rule
// for every patient page.

/** A calendar date (YYYY-MM-DD) in the language's words, never moved by a time zone. */
export const calendarDate = (i18n: I18n, iso: string): string =>
  i18n.date(`${iso}T00:00:00Z`, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Dollars ("65.00" or 65) as the language writes them: "$65.00" in both. */
export const money = (i18n: I18n, value: string | number): string =>
  i18n.number(Number(value), { style: 'currency', currency: 'USD' });

export function useCalendarDate(): (iso: string) => string {
  const { i18n } = useLingui();
  return useCallback((iso: string) => calendarDate(i18n, iso), [i18n]);
}

export function useMoney(): (value: string | number) => string {
  const { i18n } = useLingui();
  return useCallback((value: string | number) => money(i18n, value), [i18n]);
}
