import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** "65.00" → "$65.00" in the active language's locale (en-US, es-US: both "$65.00"). */
export function useMoney(): (value: string) => string {
  const { i18n } = useLingui();
  return useCallback(
    (value: string) => i18n.number(Number(value), { style: 'currency', currency: 'USD' }),
    [i18n],
  );
}
