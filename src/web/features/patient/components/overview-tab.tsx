import { FilePlus, LogOut, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { PatientJourney } from './patient-journey';

interface OverviewTabProps {
  user: CurrentUser;
  onLogout: () => void;
  loggingOut: boolean;
}

export function OverviewTab({ user, onLogout, loggingOut }: OverviewTabProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Welcome, {user.firstName}</h2>
            <CardDescription>
              Your account is ready. The next step is payment, which places you in the consultation
              queue.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="secondary">
              <Link to="/patient/payment">Continue to Payment</Link>
            </Button>
          </CardContent>
        </Card>
        <PatientJourney />
      </div>
      <Card className="h-fit">
        <CardHeader>
          <h2 className="text-lg font-semibold">Quick Actions</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button asChild variant="outline" className="justify-start">
            <Link to="/patient/intake">
              <FilePlus aria-hidden="true" />
              New Application
            </Link>
          </Button>
          <Button
            variant="outline"
            className="justify-start"
            disabled
            aria-describedby="join-call-hint"
          >
            <Video aria-hidden="true" />
            Join Video Call
          </Button>
          <p id="join-call-hint" className="-mt-2 text-xs text-muted-foreground">
            Available once your physician starts the call.
          </p>
          <Button
            variant="outline"
            className="justify-start"
            onClick={onLogout}
            disabled={loggingOut}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
