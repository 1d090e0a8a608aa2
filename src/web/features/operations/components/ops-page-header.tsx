import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Title, purpose and the way back for the operations pages. */
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
      <p className="text-sm">
        <Link
          to="/admin/dashboard"
          className="inline-flex items-center gap-1 text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the admin dashboard
        </Link>
      </p>
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
