import { useEffect, useState } from 'react';

export interface MediaDeviceLists {
  audioinput: MediaDeviceInfo[];
  audiooutput: MediaDeviceInfo[];
  videoinput: MediaDeviceInfo[];
}

const EMPTY: MediaDeviceLists = { audioinput: [], audiooutput: [], videoinput: [] };

/**
 * The devices the browser lists, refreshed when one is plugged in or out and whenever `key`
 * changes (labels only appear once camera and microphone access is granted).
 */
export function useMediaDevices(key: unknown): MediaDeviceLists {
  const [devices, setDevices] = useState<MediaDeviceLists>(EMPTY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` asks for a fresh list
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let cancelled = false;
    const refresh = async () => {
      try {
        const all = await media.enumerateDevices();
        if (cancelled) return;
        // Before access is granted, ids are empty: such entries cannot be chosen.
        const usable = all.filter((d) => d.deviceId !== '');
        setDevices({
          audioinput: usable.filter((d) => d.kind === 'audioinput'),
          audiooutput: usable.filter((d) => d.kind === 'audiooutput'),
          videoinput: usable.filter((d) => d.kind === 'videoinput'),
        });
      } catch {
        if (!cancelled) setDevices(EMPTY);
      }
    };
    void refresh();
    media.addEventListener('devicechange', refresh);
    return () => {
      cancelled = true;
      media.removeEventListener('devicechange', refresh);
    };
  }, [key]);
  return devices;
}
