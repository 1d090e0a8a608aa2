import { FeaturePlaceholder } from '@/components/feature-placeholder';

const CALL_PURPOSE =
  'A private, peer-to-peer video consultation between the patient and the physician.';

export function VideoCallPage() {
  return <FeaturePlaceholder title="Video Call" purpose={CALL_PURPOSE} />;
}

export function VideoSessionsPage() {
  return (
    <FeaturePlaceholder
      title="Video Sessions"
      purpose="Create video sessions, copy their links and join them."
    />
  );
}

export function PatientVideoConsultationPage() {
  return <FeaturePlaceholder title="Video Consultation" purpose={CALL_PURPOSE} />;
}

export function AdminVideoConsultationPage() {
  return <FeaturePlaceholder title="Video Consultation" purpose={CALL_PURPOSE} />;
}

export function DoctorVideoConsultationPage() {
  return <FeaturePlaceholder title="Video Consultation" purpose={CALL_PURPOSE} />;
}
