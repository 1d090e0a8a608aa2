import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { BRAND_NAME } from '@/lib/brand';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The centred card the sign-in, registration and setup pages share. */
export function AuthCard({ title, description, children, footer, className }: AuthCardProps) {
  return (
    <div className={className ?? 'mx-auto w-full max-w-md px-4 py-10'}>
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold text-primary">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-5">
          {children}
          {footer && <div className="grid gap-2 text-center text-sm">{footer}</div>}
        </CardContent>
      </Card>
    </div>
  );
}
