import type { LucideIcon } from 'lucide-react';
import { Activity, Clock, LogOut, UserCheck, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/use-logout';
import { BRAND_NAME } from '@/lib/brand';
import { OnlineIndicator } from './online-indicator';

// No queue data exists yet: the cards show a dash rather than invented numbers.
const STATS: { label: string; icon: LucideIcon }[] = [
  { label: 'Waiting', icon: Users },
  { label: 'Active Sessions', icon: Activity },
  { label: "Today's Patients", icon: UserCheck },
  { label: 'Avg. Duration', icon: Clock },
];

const TABS = [
  {
    value: 'queue',
    label: 'Current Queue',
    empty: 'No patients in the queue.',
  },
  {
    value: 'active',
    label: 'Active Consultations',
    empty: 'No active consultations.',
  },
  {
    value: 'completed',
    label: 'Completed Today',
    empty: 'No consultations completed today.',
  },
];

export function DoctorDashboardPage() {
  const { user } = useAuth();
  const { logout, pending } = useLogout();
  if (!user) return <FullPageSpinner />;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Doctor Dashboard | ${BRAND_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">Doctor Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Dr. {user.firstName} {user.lastName} · {user.email}
          </p>
        </div>
        <div className="flex items-center gap-4">
          <OnlineIndicator />
          <Button variant="outline" onClick={logout} disabled={pending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>

      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STATS.map(({ label, icon: Icon }) => (
          <li key={label}>
            <Card className="p-4">
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </p>
              <p className="mt-2 text-2xl font-bold">
                <span aria-hidden="true">—</span>
                <span className="sr-only">No data yet</span>
              </p>
            </Card>
          </li>
        ))}
      </ul>

      <Tabs defaultValue="queue">
        <TabsList aria-label="Consultations">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">{tab.label}</h2>
                <CardDescription>{tab.empty}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-sm">
                  The live queue and consultation tools arrive in a coming release; until then this
                  list stays empty.
                </p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
