import { useEffect, useState } from 'react';
import { MEDIA_ERRORS, mediaErrorMessage } from '../lib/media-errors';

// Camera and microphone together, as a call needs both (staff-and-video.md §5). Every
// track is stopped when the devices change and when the component goes away.

export type MediaState =
  | { status: 'starting' }
  | { status: 'ready'; stream: MediaStream }
  | { status: 'error'; message: string };

/** ideal 1280x720 (staff-and-video.md §9). */
const VIDEO_SIZE = { width: { ideal: 1280 }, height: { ideal: 720 } };

export const stopStream = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

export function useCameraAndMicrophone(
  audioDeviceId: string | null,
  videoDeviceId: string | null,
  attempt: number,
): MediaState {
  const [state, setState] = useState<MediaState>({ status: 'starting' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a retry
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState({
        status: 'error',
        message: window.isSecureContext
          ? MEDIA_ERRORS.other('this browser does not support camera access')
          : MEDIA_ERRORS.other('camera access needs a secure (HTTPS) page'),
      });
      return;
    }
    let cancelled = false;
    let stream: MediaStream | null = null;
    setState({ status: 'starting' });
    media
      .getUserMedia({
        // `ideal`: a remembered device that is gone does not fail the check.
        audio: audioDeviceId ? { deviceId: { ideal: audioDeviceId } } : true,
        video: videoDeviceId
          ? { ...VIDEO_SIZE, deviceId: { ideal: videoDeviceId } }
          : { ...VIDEO_SIZE },
      })
      .then(
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
      if (stream) stopStream(stream);
    };
  }, [audioDeviceId, videoDeviceId, attempt]);

  return state;
}

/** The id of the device a stream's track of that kind is using. */
export const trackDeviceId = (stream: MediaStream | null, kind: 'audio' | 'video') => {
  const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
  return track?.getSettings().deviceId ?? null;
};
