import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageKey, MessageValues } from '../../../shared/i18n/message-key';

/**
 * A message with markup in it: `<0>…</0>` in the catalog becomes components[0] around its text
 * (a link, a strong word), so a translation can move it where its grammar puts it.
 */
export function T({
  k,
  values,
  components,
}: {
  k: MessageKey;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  return <Trans id={k} values={values} components={components} />;
}
