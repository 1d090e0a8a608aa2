// The spec's messages for camera and microphone failures (staff-and-video.md §8).

export const MEDIA_ERRORS = {
  denied: 'Please allow camera and microphone access to join the video call.',
  notFound: 'No camera or microphone found. Please check your device connections.',
  inUse: 'Camera/microphone is being used by another application. Please close other video apps.',
  other: (message: string) => `Video call initialization failed: ${message}`,
} as const;

export type MediaErrorKind = 'denied' | 'notFound' | 'inUse' | 'other';

/** Sorts a getUserMedia failure into the spec's four cases (old Chrome names included). */
export function mediaErrorKind(error: unknown): MediaErrorKind {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'other';
  }
}

export function mediaErrorMessage(error: unknown): string {
  const kind = mediaErrorKind(error);
  if (kind !== 'other') return MEDIA_ERRORS[kind];
  const message =
    error instanceof Error || error instanceof DOMException ? error.message : String(error);
  return MEDIA_ERRORS.other(message || 'unknown error');
}
