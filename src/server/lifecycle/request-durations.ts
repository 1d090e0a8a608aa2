import type { Metric, Registry } from 'prom-client';

// http_request_duration_seconds, counted without prom-client's per-observation work (issue 23:
// its Histogram builds a label hash string, validates the labels and copies an object on
// every request). Each series keeps plain bucket counts; the Prometheus figures (cumulative
// buckets, +Inf, sum, count) are built only when scraped, in the shape prom-client prints
// (bucket lines carry `le` first, then the series' labels).

export const REQUEST_SECONDS_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
] as const;

type Labels = { route: string; method: string; status: string };

/** One line of the exposition, as prom-client's registry reads it. */
interface Value {
  metricName: string;
  labels: Labels | { le: number | string };
  sharedLabels?: Labels;
  value: number;
}

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  counts: number[];
  sum: number;
}

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by route pattern, method and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** `route` is the matched pattern (/api/x/:id), never the raw URL. */
  observe(route: string, method: string, statusCode: number, seconds: number): void {
    const status =
      STATUS_CLASSES[Math.floor(statusCode / 100)] ?? `${Math.floor(statusCode / 100)}xx`;
    const key = `${status}${method} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { route, method, status },
        counts: new Array(REQUEST_SECONDS_BUCKETS.length + 1).fill(0),
        sum: 0,
      };
      this.series.set(key, series);
    }
    let i = 0;
    while (i < REQUEST_SECONDS_BUCKETS.length && seconds > REQUEST_SECONDS_BUCKETS[i]!) i++;
    series.counts[i]! += 1;
    series.sum += seconds;
  }

  get() {
    const values: Value[] = [];
    for (const { labels, counts, sum } of this.series.values()) {
      let total = 0;
      REQUEST_SECONDS_BUCKETS.forEach((le, i) => {
        total += counts[i]!;
        values.push({
          labels: { le },
          sharedLabels: labels,
          value: total,
          metricName: `${this.name}_bucket`,
        });
      });
      total += counts[REQUEST_SECONDS_BUCKETS.length]!;
      values.push({
        labels: { le: '+Inf' },
        sharedLabels: labels,
        value: total,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: total, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  reset(): void {
    this.series.clear();
  }
}
