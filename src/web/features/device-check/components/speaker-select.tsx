import { loadDevicePreference, matchPreference } from '../lib/device-preferences';
import { canChooseAudioOutput } from '../lib/test-sound';
import { DeviceSelect } from './device-select';

// The speaker choice of the device check and of a call's device settings (staff-and-video.md
// §5: choosing the audio output needs a secure (HTTPS) page and a browser that allows it).

const INSECURE_OUTPUT_NOTE = 'Audio output selection needs a secure (HTTPS) page';
const UNSUPPORTED_OUTPUT_NOTE =
  "This browser plays sound through the system's default speaker; change it in the system settings.";

/** The speaker in use: the one chosen here, else the remembered one, else the first. */
export function currentOutput(
  outputs: MediaDeviceInfo[],
  chosenId: string | null,
): MediaDeviceInfo | undefined {
  return (
    outputs.find((d) => d.deviceId === chosenId) ??
    matchPreference(outputs, loadDevicePreference('audiooutput')) ??
    outputs[0]
  );
}

interface SpeakerSelectProps {
  id: string;
  outputs: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
}

export function SpeakerSelect({ id, outputs, value, onChange }: SpeakerSelectProps) {
  const selectable = canChooseAudioOutput();
  return (
    <DeviceSelect
      id={id}
      label="Speaker"
      kind="audiooutput"
      devices={selectable ? outputs : []}
      value={value}
      onChange={onChange}
      emptyLabel="System default"
      hint={
        !window.isSecureContext
          ? INSECURE_OUTPUT_NOTE
          : selectable
            ? undefined
            : UNSUPPORTED_OUTPUT_NOTE
      }
    />
  );
}
