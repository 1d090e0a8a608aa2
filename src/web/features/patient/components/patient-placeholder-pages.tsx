import { FeaturePlaceholder } from '@/components/feature-placeholder';

export function ConsultationPage() {
  return (
    <FeaturePlaceholder
      title="Consultation"
      purpose="Your consultation with the physician and its outcome."
    />
  );
}
