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
import { currentOutput, SpeakerSelect } from '@/features/device-check/components/speaker-select';
import { useMediaDevices } from '@/features/device-check/hooks/use-media-devices';
import { trackDeviceId } from '@/features/device-check/lib/camera';
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
  const choose = (kind: MediaDeviceKind, deviceId: string) => {
    const device = devices[kind].find((d) => d.deviceId === deviceId);
    if (device) onChoose(kind, device);
  };
  const output = currentOutput(devices.audiooutput, audioOutputId);

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
        <SpeakerSelect
          id="call-device-speaker"
          outputs={devices.audiooutput}
          value={output?.deviceId ?? ''}
          onChange={(id) => choose('audiooutput', id)}
        />
      </div>
    </>
  );
}
