import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/use-logout';
import { BRAND_NAME } from '@/lib/brand';
import { OverviewTab } from './overview-tab';
import { ProfileTab } from './profile-tab';

export function PatientDashboardPage() {
  const { user } = useAuth();
  const { logout, pending } = useLogout();
  if (!user) return <FullPageSpinner />;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Patient Dashboard | ${BRAND_NAME}`}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Patient Dashboard</h1>
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
      </div>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab user={user} onLogout={logout} loggingOut={pending} />
        </TabsContent>
        <TabsContent value="documents">
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Documents</h2>
              <CardDescription>
                Upload your ID, proof of residency, medical records and photo for review.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="text-sm">
                Document upload arrives in a coming release. You do not need to send anything yet.
              </p>
              <Button asChild variant="outline" className="w-fit">
                <Link to="/patient/documents">Open the Document Upload Center</Link>
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
