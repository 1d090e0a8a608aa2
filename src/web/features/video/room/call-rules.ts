// The call's fixed texts and timers (staff-and-video.md §8, §9).

export const CALL_MESSAGES = {
  noWebRtc: 'WebRTC not supported in this browser',
  initFailed: 'Failed to initialize video call',
  /** The connection worked and then failed for good. */
  connectionFailed: 'Connection failed - please refresh and try again',
  /** The connection never came up: something on the way blocks it. */
  networkFailed: 'Network connection failed - check firewall settings',
  sharingTaken: 'Someone has already shared the screen',
  deviceErrorTitle: 'Device Error',
  deviceError: 'Failed to access camera or microphone. Please check permissions.',
  videoDeviceError: 'Error accessing video device',
  cameraOff: 'Camera Off',
  waiting: 'Waiting to connect...',
  consultationEnded: 'The consultation has ended',
  youLeft: 'You left the call',
  rejoin: 'Rejoin call',
  endConsultation: 'End consultation',
} as const;

export const CALL_TIMERS = {
  /** §9: the video status request 500 ms after joining. */
  videoStatusRequestMs: 500,
  /** §9: the video-off broadcast 1 s after toggling. */
  videoOffDelayMs: 1000,
  /** §9: the local video is muted (again) after 2 s. */
  localRemuteMs: 2000,
  /** Issue 14: a peer whose socket dropped keeps its connection this long for their rejoin. */
  rejoinGraceMs: 15_000,
  /** Issue 14: after "server restarting", the reconnect banner waits this long for the rejoin. */
  quietRejoinMs: 8000,
} as const;

/** A join token is used only while it has at least this long left. */
export const TOKEN_MARGIN_MS = 60_000;

export function tokenIsFresh(expiresAt: string, now: number, marginMs = TOKEN_MARGIN_MS): boolean {
  const expires = Date.parse(expiresAt);
  return Number.isFinite(expires) && expires - now > marginMs;
}

/** The first letter of a name for a placeholder tile ('?' without one). */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}

export type CallLayout = 'pair' | 'grid';

/** Two panes for a 1:1 call (you and the other party), a grid from three people up. */
export function layoutFor(remoteCount: number): CallLayout {
  return remoteCount <= 1 ? 'pair' : 'grid';
}

/**
 * What the others see when the last person leaves (issue 11): a hang-up can be undone, so it
 * says they may come back; only End consultation ends the call.
 */
export function departureNotice(departedRole: string, viewerRole: string): string {
  if (departedRole === 'patient') return 'The patient left the call — they may rejoin.';
  if (viewerRole === 'patient')
    return 'The physician left the call — they may rejoin. Stay here: your consultation has not ended.';
  return 'The physician left the call — they may rejoin.';
}
