import { Construction } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PERMISSION_LABELS, type Permission } from '../../../../shared/roles';
import { COMING_TAB_PURPOSE } from './dashboard-tabs';

/** An honest stand-in: no sample rows, no made-up counts. */
export function ComingTab({ permission }: { permission: Permission }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Construction aria-hidden="true" className="size-5 text-warning" />
          {PERMISSION_LABELS[permission]}
        </h2>
        <CardDescription>{COMING_TAB_PURPOSE[permission]}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">
          This tab arrives in a coming release. Nothing here is live yet, so no figures are shown.
        </p>
      </CardContent>
    </Card>
  );
}
