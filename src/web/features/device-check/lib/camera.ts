import { loadDevicePreference } from './device-preferences';

// The camera and microphone together, as a call and the device check open them
// (staff-and-video.md §5, §9: 640x480 for the simple call, ideal 1280x720 elsewhere; the
// remembered device per kind, §2 In-room tools).

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

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The id of the device a stream's track of that kind is using. */
export const trackDeviceId = (stream: MediaStream | null, kind: 'audio' | 'video') => {
  const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
  return track?.getSettings().deviceId ?? null;
};
