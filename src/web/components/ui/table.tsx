import { type ComponentProps, createContext, useContext } from 'react';
import { cn } from '@/lib/utils';

// One responsive table for every staff list (issue 11): from `md` up it is a table; below, each
// row is a card and each cell a "label: value" line, so nothing scrolls sideways at 360 px.
// A cell names its column with `label` (shown only on the card); a cell without one (actions,
// an empty-state row) spans the card.

const StackedContext = createContext(false);

/**
 * The scroll wrapper keeps a wide table from breaking a 360 px layout. With `scrollLabel` the
 * wrapper is a named, focusable region, so keyboard users can scroll it too (axe:
 * scrollable-region-focusable). `stacked` turns rows into cards below `md` (then nothing
 * needs scrolling, and the region is not focusable there).
 */
export function Table({
  className,
  scrollLabel,
  stacked = false,
  ...props
}: ComponentProps<'table'> & { scrollLabel?: string; stacked?: boolean }) {
  return (
    <StackedContext.Provider value={stacked}>
      <div
        className={cn(
          'relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring',
          stacked && 'max-md:overflow-visible',
        )}
        {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
      >
        <table
          className={cn(
            'w-full caption-bottom text-sm',
            className,
            // After the caller's classes: a min-width meant for the table view must not hold here.
            stacked && 'max-md:block max-md:min-w-0',
          )}
          {...props}
        />
      </div>
    </StackedContext.Provider>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  const stacked = useContext(StackedContext);
  // The cards carry each column's name, so the header row is for screen readers only there.
  return (
    <thead className={cn('[&_tr]:border-b', stacked && 'max-md:sr-only', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  const stacked = useContext(StackedContext);
  return (
    <tbody
      className={cn(
        '[&_tr:last-child]:border-0',
        stacked && 'max-md:grid max-md:gap-3 max-md:[&_tr:last-child]:border',
        className,
      )}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  const stacked = useContext(StackedContext);
  return (
    <tr
      className={cn(
        'border-b border-border hover:bg-muted/50',
        stacked &&
          'max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 max-md:hover:bg-card',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle font-semibold whitespace-nowrap text-slate-700',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  label,
  ...props
}: ComponentProps<'td'> & {
  /** The column's name, shown before the value when the row is a card. */
  label?: string;
}) {
  const stacked = useContext(StackedContext);
  return (
    <td
      data-label={label}
      className={cn(
        'p-3 align-middle',
        className,
        // After the caller's classes, so a cell hidden in the narrow table still shows on its card.
        stacked &&
          'max-md:block max-md:min-w-0 max-md:p-0 max-md:whitespace-normal max-md:wrap-anywhere',
        stacked &&
          label &&
          // Flex, not grid: a value made of several pieces ("Name (you)") stays on one line.
          'max-md:flex max-md:items-baseline max-md:gap-x-3 max-md:[&>*]:min-w-0 max-md:[&>*]:whitespace-normal max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
      )}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
