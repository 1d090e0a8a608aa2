import { Gauge, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { AnalyticsPanel } from '../../operations/components/analytics-panel';

/** The Analytics tab, with the way to the two operations screens (permission `analytics`). */
export function AnalyticsTab() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <AnalyticsPanel />
      <nav aria-label="Operations screens" className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/admin/automated">
            <Gauge aria-hidden="true" />
            Automated Operations Dashboard
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/production">
            <Workflow aria-hidden="true" />
            Production Operations Center
          </Link>
        </Button>
      </nav>
    </div>
  );
}
