import { useEffect, useState } from 'react';
import { openCamera, stopStream } from '../lib/camera';
import { MEDIA_ERRORS, mediaErrorMessage } from '../lib/media-errors';

// Camera and microphone together, as a call needs both (staff-and-video.md §5). Every
// track is stopped when the devices change and when the component goes away.

export type MediaState =
  | { status: 'starting' }
  | { status: 'ready'; stream: MediaStream }
  | { status: 'error'; message: string };

export function useCameraAndMicrophone(
  audioDeviceId: string | null,
  videoDeviceId: string | null,
  attempt: number,
): MediaState {
  const [state, setState] = useState<MediaState>({ status: 'starting' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a retry
  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    setState({ status: 'starting' });
    // `ideal` device ids: a remembered device that is gone does not fail the check.
    openCamera('hd', { audioinput: audioDeviceId, videoinput: videoDeviceId }).then(
      (acquired) => {
        if (cancelled) {
          stopStream(acquired);
          return;
        }
        stream = acquired;
        // A device unplugged mid-check ends its track: say so rather than freeze.
        for (const track of acquired.getTracks())
          track.addEventListener('ended', () => {
            if (!cancelled) setState({ status: 'error', message: MEDIA_ERRORS.notFound });
          });
        setState({ status: 'ready', stream: acquired });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', message: mediaErrorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
      stopStream(stream);
    };
  }, [audioDeviceId, videoDeviceId, attempt]);

  return state;
}
