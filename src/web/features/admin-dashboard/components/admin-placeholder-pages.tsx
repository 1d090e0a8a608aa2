import { FeaturePlaceholder } from '@/components/feature-placeholder';

export function AdminDocumentsPage() {
  return (
    <FeaturePlaceholder
      title="Document Management Center"
      purpose="Search and review patient documents and consultation transcriptions, and download them securely."
    />
  );
}

export function AdminConsultationPage() {
  return (
    <FeaturePlaceholder
      title="Doctor Consultation Interface"
      purpose="The physician's consultation workspace: the patient being seen, their records and the outcome form."
    />
  );
}
