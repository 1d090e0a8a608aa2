import { type ComponentType, lazy } from 'react';

/** React.lazy for a named export, so pages keep named exports and still split into chunks. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * React Router's `lazy` for a page's named export: the router loads the page before it renders
 * the route, so on a first visit the frame and the page appear together and a page shorter
 * than the screen never pulls the footer up after the first paint (issue 23). For the pages a
 * phone most often opens first (page-code.ts); other pages keep lazyPage and its spinner.
 */
export function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
