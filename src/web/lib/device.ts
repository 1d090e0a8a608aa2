// What kind of device the page is on, for the few places that must differ (issue 21): a phone
// or tablet is told by its user agent or by a touch screen as its primary pointer.

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

export const isMobileUserAgent = (): boolean =>
  typeof navigator !== 'undefined' && MOBILE_USER_AGENT.test(navigator.userAgent);

/** The primary pointer is a finger (a phone or tablet; a touch laptop's is its touchpad). */
export const isCoarsePointer = (): boolean =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;

/** A phone or tablet: it has a camera to take a photo with and no screen worth sharing. */
export const isHandheld = (): boolean => isMobileUserAgent() || isCoarsePointer();
