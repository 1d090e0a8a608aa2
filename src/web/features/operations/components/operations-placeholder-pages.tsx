import { FeaturePlaceholder } from '@/components/feature-placeholder';

export function AutomatedOperationsPage() {
  return (
    <FeaturePlaceholder
      title="Automated Operations Dashboard"
      purpose="Live figures for the patient queue, active meetings, billing and post-consultation tasks."
    />
  );
}

export function ProductionOperationsPage() {
  return (
    <FeaturePlaceholder
      title="Production Operations Center"
      purpose="Automation status, patient flow, revenue and day-to-day operations in one place."
    />
  );
}
