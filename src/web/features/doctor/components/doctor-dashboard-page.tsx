import { Activity, Clock, UserCheck, Users } from 'lucide-react';
import { FullPageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMinutes } from '@/features/admin-dashboard/staff-format';
import { useAuth } from '@/features/auth/api/session';
import { AreaTitle } from '@/features/staff-console/area-title';
import { useDoctorStats } from '../api/doctor';
import { useDoctorPresence } from '../api/use-doctor-presence';
import { ConsultationsTab } from './consultations-tab';
import { OfficeAddressNotice } from './office-address-notice';
import { OmmaRegistrationNotice } from './omma-registration-notice';
import { OnlineIndicator } from './online-indicator';
import { QueueTab } from './queue-tab';

/** The Doctor Dashboard (staff-and-video.md §2; ruling 9: real figures and lists). */
export function DoctorDashboardPage() {
  const { user } = useAuth();
  const connection = useDoctorPresence(!!user);
  const stats = useDoctorStats();
  if (!user) return <FullPageSpinner />;
  const s = stats.data;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="queue" />
      <OmmaRegistrationNotice />
      <OfficeAddressNotice />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid grid-cols-1 gap-1">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">Doctor Dashboard</h1>
          <p className="text-sm break-all text-muted-foreground">
            Dr. {user.firstName} {user.lastName} · {user.email}
          </p>
        </div>
        <OnlineIndicator state={connection} />
      </div>

      {stats.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load your figures; they are shown as a dash until the next refresh.
        </p>
      )}
      {/* Each figure says what it counts (issue 12: plain words); doctorStats() on the server. */}
      <ul
        className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
        aria-label="Today at a glance"
      >
        <li>
          <StatCard
            label="Waiting"
            icon={Users}
            value={s ? s.waiting : null}
            hint="Patients in the clinic's waiting room now"
          />
        </li>
        <li>
          <StatCard
            label="Active Sessions"
            icon={Activity}
            value={s ? s.activeSessions : null}
            hint="Consultations you have in progress"
          />
        </li>
        <li>
          <StatCard
            label="Today's Patients"
            icon={UserCheck}
            value={s ? s.todaysPatients : null}
            hint="Patients you have seen or are seeing today"
          />
        </li>
        <li>
          <StatCard
            label="Avg. Duration"
            icon={Clock}
            value={
              s?.averageDurationMinutes != null ? formatMinutes(s.averageDurationMinutes) : null
            }
            hint="Average length of your consultations over the last 30 days"
            emptyLabel="No completed consultations yet"
          />
        </li>
      </ul>

      <Tabs defaultValue="queue">
        <TabsList aria-label="Consultations">
          <TabsTrigger value="queue">Current Queue</TabsTrigger>
          <TabsTrigger value="active">Active Consultations</TabsTrigger>
          <TabsTrigger value="completed">Completed Today</TabsTrigger>
        </TabsList>
        <TabsContent value="queue">
          <QueueTab />
        </TabsContent>
        <TabsContent value="active">
          <ConsultationsTab scope="active" />
        </TabsContent>
        <TabsContent value="completed">
          <ConsultationsTab scope="today" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
