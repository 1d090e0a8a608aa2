import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { homePathFor } from '../../shared/roles';

interface FeaturePlaceholderProps {
  title: string;
  /** What the screen will do, in one sentence. */
  purpose: ReactNode;
}

/** An honest stand-in for a screen a later release builds: no fake data. */
export function FeaturePlaceholder({ title, purpose }: FeaturePlaceholderProps) {
  const { user } = useAuth();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <h1 className="mb-6 text-2xl font-bold text-primary sm:text-3xl">{title}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Construction aria-hidden="true" className="size-5 text-warning" />
            This feature is being built
          </CardTitle>
          <CardDescription>
            <span className="font-semibold text-foreground">When it is ready: </span>
            {purpose}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm">
            It arrives in a coming release. Nothing on this page is live yet, and no data is shown
            here until it is.
          </p>
          <Button asChild variant="outline" className="w-fit">
            <Link to={user ? homePathFor(user.role) : '/'}>
              {user ? 'Back to your dashboard' : 'Back to the home page'}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
