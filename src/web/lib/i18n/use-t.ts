import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import {
  type MessageKey,
  type MessageValues,
  parseMessageRef,
} from '../../../shared/i18n/message-key';

// How a component says something (issue 24): t('area.key', values), never an inline string.
// Both re-render the component when the language changes.

/** A message by key in the active language. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { _ } = useLingui();
  return useCallback((key: MessageKey, values?: MessageValues) => _(key, values), [_]);
}

/**
 * A text that may be a message by key (a schema's or the server's msg()): translated; any
 * other text (a server answer already in the reader's language) as it is.
 */
export function useTr(): (text: string) => string {
  const { _ } = useLingui();
  return useCallback(
    (text: string) => {
      const ref = parseMessageRef(text);
      return ref ? _(ref.key, ref.values) : text;
    },
    [_],
  );
}
