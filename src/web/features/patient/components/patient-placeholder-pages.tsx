import { FeaturePlaceholder } from '@/components/feature-placeholder';

export function PaymentPage() {
  return (
    <FeaturePlaceholder
      title="Secure Your Consultation"
      purpose="Complete payment to join the consultation queue."
    />
  );
}

export function IntakePage() {
  return (
    <FeaturePlaceholder
      title="License Application"
      purpose="Apply for a new license or a renewal: qualifying conditions, caregiver and fee reduction."
    />
  );
}

export function QueuePage() {
  return (
    <FeaturePlaceholder
      title="Consultation Queue"
      purpose="Your live place in the queue, the estimated wait and the button to join your video call."
    />
  );
}

export function ConsultationPage() {
  return (
    <FeaturePlaceholder
      title="Consultation"
      purpose="Your consultation with the physician and its outcome."
    />
  );
}

export function DocumentsPage() {
  return (
    <FeaturePlaceholder
      title="Document Upload Center"
      purpose="Upload your government ID, proof of residency, medical records and photo, and follow their review."
    />
  );
}
