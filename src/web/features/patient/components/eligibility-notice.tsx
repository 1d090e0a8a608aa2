import { MapPin, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { hasOklahomaAddress, OKLAHOMA_REQUIRED, UPDATE_ADDRESS_PATH } from '../eligibility';

export function Notice({
  icon,
  title,
  children,
  className,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('mx-auto w-full max-w-2xl', className)}>
      <CardHeader>
        <CardTitle className="flex items-start gap-2">
          <span className="mt-0.5">{icon}</span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">{children}</CardContent>
    </Card>
  );
}

/**
 * Why this patient cannot pay or apply yet, or null when they can: no patient profile, or
 * no Oklahoma address on file (ruling 19).
 */
export function EligibilityNotice({ user, action }: { user: CurrentUser; action: string }) {
  const patient = user.patient;
  if (!patient)
    return (
      <Notice
        icon={<UserX aria-hidden="true" className="size-5 text-destructive" />}
        title="Patient profile not found"
      >
        <p>Patient profile not found. Please complete registration.</p>
      </Notice>
    );
  if (hasOklahomaAddress(patient)) return null;
  return (
    <Notice
      icon={<MapPin aria-hidden="true" className="size-5 text-warning" />}
      title={OKLAHOMA_REQUIRED}
    >
      <p>
        {patient.state && patient.state !== 'OK'
          ? `The address on your profile is in ${patient.state}. `
          : 'Your profile has no complete address yet. '}
        This service provides Oklahoma physician recommendations, so {action} needs an Oklahoma
        address. If you live in Oklahoma, update your address and come back.
      </p>
      <Button asChild className="w-fit">
        <Link to={UPDATE_ADDRESS_PATH}>Update Address</Link>
      </Button>
    </Notice>
  );
}

export const isEligible = (user: CurrentUser) => hasOklahomaAddress(user.patient);
