// The chosen device per kind, kept in this browser (staff-and-video.md §2 In-room tools: "the
// choice stored locally per kind (deviceId and groupId)"). Device ids are not PHI (ruling 12).

export type DeviceKind = MediaDeviceKind; // 'audioinput' | 'audiooutput' | 'videoinput'

export interface DevicePreference {
  deviceId: string;
  groupId: string;
}

const storageKey = (kind: DeviceKind) => `media-device:${kind}`;

export function loadDevicePreference(kind: DeviceKind): DevicePreference | null {
  try {
    const raw = localStorage.getItem(storageKey(kind));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as DevicePreference).deviceId === 'string' &&
      typeof (value as DevicePreference).groupId === 'string'
    )
      return value as DevicePreference;
  } catch {
    // Storage blocked or a malformed value: no preference.
  }
  return null;
}

export function saveDevicePreference(kind: DeviceKind, device: DevicePreference): void {
  try {
    localStorage.setItem(
      storageKey(kind),
      JSON.stringify({ deviceId: device.deviceId, groupId: device.groupId }),
    );
  } catch {
    // Storage full or blocked: the choice lasts for this visit only.
  }
}

/**
 * The listed device a preference points to: the same id, or failing that the same group
 * (ids can change when site data is cleared; a headset's group often survives).
 */
export function matchPreference(
  devices: readonly MediaDeviceInfo[],
  preference: DevicePreference | null,
): MediaDeviceInfo | undefined {
  if (!preference) return undefined;
  return (
    devices.find((d) => d.deviceId === preference.deviceId) ??
    (preference.groupId ? devices.find((d) => d.groupId === preference.groupId) : undefined)
  );
}
