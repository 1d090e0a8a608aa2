import type { ReactNode } from 'react';

/** Title and purpose of the operations pages (the console's sidebar is the way around). */
export function OpsPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid grid-cols-1 gap-1">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

const clock = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** "Updated 3:04:05 PM" from a query's dataUpdatedAt. */
export const updatedAt = (ms: number) => (ms ? `Updated ${clock.format(ms)}` : '');
