import { loadDevicePreference } from '@/features/device-check/lib/device-preferences';

// Camera, microphone and screen for the call (staff-and-video.md §4, §9: 640x480 for the
// simple call, ideal 1280x720 elsewhere; the remembered device per kind, §2 In-room tools).

export type CallQuality = 'hd' | 'simple';

/** §9 video constraints. */
export const VIDEO_SIZES: Record<CallQuality, MediaTrackConstraints> = {
  hd: { width: { ideal: 1280 }, height: { ideal: 720 } },
  simple: { width: { ideal: 640 }, height: { ideal: 480 } },
};

export interface DeviceChoice {
  audioinput: string | null;
  videoinput: string | null;
}

/** The remembered devices (deviceId and groupId per kind, device-check's preferences). */
export function preferredDevices(): DeviceChoice {
  return {
    audioinput: loadDevicePreference('audioinput')?.deviceId ?? null,
    videoinput: loadDevicePreference('videoinput')?.deviceId ?? null,
  };
}

/**
 * Constraints for joining: `ideal` device ids, so a remembered device that is gone does not
 * keep anyone out of the call.
 */
export function cameraConstraints(
  quality: CallQuality,
  devices: DeviceChoice,
): MediaStreamConstraints {
  return {
    audio: devices.audioinput ? { deviceId: { ideal: devices.audioinput } } : true,
    video: devices.videoinput
      ? { ...VIDEO_SIZES[quality], deviceId: { ideal: devices.videoinput } }
      : { ...VIDEO_SIZES[quality] },
  };
}

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

export function openCamera(quality: CallQuality, devices: DeviceChoice): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia)
    return Promise.reject(
      new Error(
        window.isSecureContext
          ? 'this browser does not support camera access'
          : 'camera access needs a secure (HTTPS) page',
      ),
    );
  return media.getUserMedia(cameraConstraints(quality, devices));
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

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** True when the user dismissed the browser's picker (not an error to report). */
export const isCancelled = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError');
