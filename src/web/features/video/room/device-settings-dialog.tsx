import { Settings } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { DeviceSelect } from '@/features/device-check/components/device-select';
import { trackDeviceId } from '@/features/device-check/hooks/use-camera-and-microphone';
import { useMediaDevices } from '@/features/device-check/hooks/use-media-devices';
import {
  loadDevicePreference,
  matchPreference,
} from '@/features/device-check/lib/device-preferences';
import { canChooseAudioOutput } from '@/features/device-check/lib/test-sound';
import { RoundButton } from './round-button';

// §2 In-room tools: device selection for audio input, audio output and video input, the
// choice remembered per kind. §5: choosing the speaker needs a secure (HTTPS) page.

interface DeviceSettingsProps {
  localStream: MediaStream | null;
  audioOutputId: string | null;
  onChoose: (kind: MediaDeviceKind, device: MediaDeviceInfo) => void;
}

export function DeviceSettingsButton({
  localStream,
  audioOutputId,
  onChoose,
}: DeviceSettingsProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RoundButton label="Settings" icon={Settings} />
      </DialogTrigger>
      <DialogContent>
        {open && (
          <DeviceSettings
            localStream={localStream}
            audioOutputId={audioOutputId}
            onChoose={onChoose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DeviceSettings({ localStream, audioOutputId, onChoose }: DeviceSettingsProps) {
  const devices = useMediaDevices(localStream);
  const outputSelectable = canChooseAudioOutput();
  const choose = (kind: MediaDeviceKind, deviceId: string) => {
    const device = devices[kind].find((d) => d.deviceId === deviceId);
    if (device) onChoose(kind, device);
  };
  const output =
    devices.audiooutput.find((d) => d.deviceId === audioOutputId) ??
    matchPreference(devices.audiooutput, loadDevicePreference('audiooutput')) ??
    devices.audiooutput[0];

  return (
    <>
      <DialogHeader>
        <DialogTitle>Device settings</DialogTitle>
        <DialogDescription>
          Choose the microphone, camera and speaker for this call. The choice is remembered on this
          device.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <DeviceSelect
          id="call-device-microphone"
          label="Microphone"
          kind="audioinput"
          devices={devices.audioinput}
          value={trackDeviceId(localStream, 'audio') ?? ''}
          onChange={(id) => choose('audioinput', id)}
          emptyLabel="No microphone available"
        />
        <DeviceSelect
          id="call-device-camera"
          label="Camera"
          kind="videoinput"
          devices={devices.videoinput}
          value={trackDeviceId(localStream, 'video') ?? ''}
          onChange={(id) => choose('videoinput', id)}
          emptyLabel="No camera available"
        />
        <DeviceSelect
          id="call-device-speaker"
          label="Speaker"
          kind="audiooutput"
          devices={outputSelectable ? devices.audiooutput : []}
          value={output?.deviceId ?? ''}
          onChange={(id) => choose('audiooutput', id)}
          emptyLabel="System default"
          hint={
            !window.isSecureContext
              ? 'Audio output selection needs a secure (HTTPS) page'
              : outputSelectable
                ? undefined
                : "This browser plays sound through the system's default speaker."
          }
        />
      </div>
    </>
  );
}
