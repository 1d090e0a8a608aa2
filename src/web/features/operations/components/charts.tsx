import { cn } from '@/lib/utils';

export interface ChartDatum {
  /** Short label under the bar and in the table ("Jan 5"). */
  label: string;
  value: number;
  /** How the value reads ("$137.00", "3"). */
  display: string;
}

interface BarChartProps {
  title: string;
  /** What the bars measure, for the table's column header. */
  valueLabel: string;
  data: ChartDatum[];
  className?: string;
}

/**
 * A column chart drawn with CSS. The bars are decoration for sighted users; screen readers
 * get the same figures as a table.
 */
export function BarChart({ title, valueLabel, data, className }: BarChartProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const first = data[0];
  const last = data[data.length - 1];
  return (
    <figure className={cn('grid gap-2', className)}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div aria-hidden="true" className="grid grid-cols-1 gap-1">
        <div className="flex h-36 items-end gap-px border-b border-input sm:gap-0.5">
          {data.map((d) => (
            <div
              key={d.label}
              title={`${d.label}: ${d.display}`}
              className="min-w-0 flex-1 rounded-t-sm bg-primary"
              style={{ height: `${d.value === 0 ? 0 : Math.max(3, (d.value / max) * 100)}%` }}
            />
          ))}
        </div>
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{first?.label}</span>
          <span>
            {total === 0
              ? 'No activity in this period'
              : `Highest: ${data.find((d) => d.value === max)?.display ?? ''}`}
          </span>
          <span>{last?.label}</span>
        </div>
      </div>
      {/* A table ignores height: hidden in a box instead, it adds no blank strip below the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export interface FunnelStep {
  label: string;
  value: number;
}

/** A horizontal funnel: each step's bar relative to the first, with its share in words. */
export function Funnel({ title, steps }: { title: string; steps: FunnelStep[] }) {
  const base = steps[0]?.value ?? 0;
  return (
    <figure className="grid grid-cols-1 gap-3">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <ol className="grid grid-cols-1 gap-2">
        {steps.map((step) => {
          const share = base > 0 ? Math.round((step.value / base) * 100) : 0;
          return (
            <li key={step.label} className="grid grid-cols-1 gap-1">
              <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                <span className="font-medium">{step.label}</span>
                <span>
                  {step.value}
                  {base > 0 && <span className="text-muted-foreground"> ({share}%)</span>}
                </span>
              </div>
              <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${base > 0 ? Math.max(step.value ? 2 : 0, share) : 0}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
