import { type CallQuality, stopStream, VIDEO_SIZES } from '@/features/device-check/lib/camera';

// Switching devices and sharing the screen during a call (staff-and-video.md §2 In-room
// tools, §4); the camera and microphone the call opens with come from device-check's camera.ts.

/** Constraints for switching to one chosen device (`exact`: the user picked it). */
export function deviceConstraints(
  kind: 'audioinput' | 'videoinput',
  deviceId: string,
  quality: CallQuality,
): MediaStreamConstraints {
  return kind === 'audioinput'
    ? { audio: { deviceId: { exact: deviceId } } }
    : { video: { ...VIDEO_SIZES[quality], deviceId: { exact: deviceId } } };
}

export async function openDevice(
  kind: 'audioinput' | 'videoinput',
  deviceId: string,
  quality: CallQuality,
): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia(
    deviceConstraints(kind, deviceId, quality),
  );
  const track = kind === 'audioinput' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
  if (!track) {
    stopStream(stream);
    throw new Error('The device gave no track');
  }
  return track;
}

export async function openScreen(): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  if (!media?.getDisplayMedia) throw new Error('Screen sharing is not supported in this browser');
  const stream = await media.getDisplayMedia({ video: true, audio: false });
  // Text on a shared screen stays sharp rather than smooth.
  for (const track of stream.getVideoTracks()) track.contentHint = 'detail';
  return stream;
}

/** True when the user dismissed the browser's picker (not an error to report). */
export const isCancelled = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError');
