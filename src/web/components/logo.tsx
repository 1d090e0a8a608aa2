import { Leaf } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND_NAME } from '@/lib/brand';

export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-bold text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Leaf aria-hidden="true" className="size-5" />
      </span>
      <span className="text-base sm:text-lg">{BRAND_NAME}</span>
    </Link>
  );
}
