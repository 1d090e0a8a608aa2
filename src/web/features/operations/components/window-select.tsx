import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

export const WINDOWS = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

interface WindowSelectProps {
  id: string;
  value: number;
  onChange: (days: number) => void;
  /** Leave out "Today" where a one-day chart says nothing. */
  withToday?: boolean;
}

/** The reporting window in calendar days (the clinic's), ending today. */
export function WindowSelect({ id, value, onChange, withToday = true }: WindowSelectProps) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>Period</Label>
      <Select
        id={id}
        className="sm:w-44"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {WINDOWS.filter((w) => withToday || w.days > 1).map((w) => (
          <option key={w.days} value={w.days}>
            {w.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

export const windowLabel = (days: number) =>
  WINDOWS.find((w) => w.days === days)?.label ?? `Last ${days} days`;
