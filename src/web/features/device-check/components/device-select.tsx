import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

const FALLBACK_NAMES: Record<MediaDeviceKind, string> = {
  audioinput: 'Microphone',
  audiooutput: 'Speaker',
  videoinput: 'Camera',
};

interface DeviceSelectProps {
  id: string;
  label: string;
  kind: MediaDeviceKind;
  devices: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
  /** Shown under the control, e.g. why it cannot be changed. */
  hint?: string;
  disabled?: boolean;
  emptyLabel: string;
}

export function DeviceSelect({
  id,
  label,
  kind,
  devices,
  value,
  onChange,
  hint,
  disabled,
  emptyLabel,
}: DeviceSelectProps) {
  const empty = devices.length === 0;
  return (
    <Field id={id} label={label} hint={hint}>
      <Select
        id={id}
        value={empty ? '' : value}
        disabled={disabled || empty}
        aria-describedby={fieldDescribedBy(id, undefined, hint)}
        onChange={(event) => onChange(event.target.value)}
      >
        {empty ? (
          <option value="">{emptyLabel}</option>
        ) : (
          devices.map((device, index) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label || `${FALLBACK_NAMES[kind]} ${index + 1}`}
            </option>
          ))
        )}
      </Select>
    </Field>
  );
}
