import { type ComponentType, lazy } from 'react';

/** React.lazy for a named export, so pages keep named exports and still split into chunks. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
