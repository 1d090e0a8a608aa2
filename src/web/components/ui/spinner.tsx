// A ring drawn by CSS, not an icon: a browser counts an SVG as the page's first content, and a
// spinner is not content (issue 23: painted while a phone's first page loads, it made the
// page's own render count as blocking time after first paint). The label is for screen readers:
// "Loading" in the reader's language unless given (asked only then: a label is given where no
// catalog may be active yet, the router's first fallback).
import { useT } from '@/lib/i18n/use-t';

const RING = {
  sm: 'size-4 border-2',
  md: 'size-6 border-[3px]',
  lg: 'size-10 border-4',
} as const;

export function Spinner({ size = 'md', label }: { size?: keyof typeof RING; label?: string }) {
  const t = useT();
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`${RING[size]} animate-spin rounded-full border-primary border-t-transparent`}
      />
      <span className="sr-only">{label ?? t('layout.loading')}</span>
    </span>
  );
}

/**
 * Shown while the session or a page's data loads (patient-side.md §2.2). It fills the screen,
 * so the footer below starts out of sight and does not move when the page arrives (issue 23).
 */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center p-8">
      <Spinner size="lg" label={label} />
    </div>
  );
}
