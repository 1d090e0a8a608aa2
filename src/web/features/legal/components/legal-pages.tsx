import { useMoneyStory } from '@/features/fees/api/money-story';
import { BRAND_NAME } from '@/lib/brand';
import { ContactForRequests, DataWeCollect, HowWeProtectIt, NoSelling } from './legal-facts';
import { LegalLayout, LegalSection } from './legal-layout';

export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <p>
        {BRAND_NAME} helps Oklahoma patients apply for a medical marijuana license: you register,
        pay, send your application and documents, and meet a licensed physician by video. This page
        explains what we collect to do that and how we handle it.
      </p>
      <DataWeCollect />
      <HowWeProtectIt />
      <NoSelling />
      <ContactForRequests />
    </LegalLayout>
  );
}

/** The state fee's sentence in the clinic's mode (issue 22). */
function StateFeeTerms() {
  return <p>{useMoneyStory().terms}</p>;
}

export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service">
      <LegalSection title="The service">
        <p>
          {BRAND_NAME} arranges a video consultation with a physician licensed in Oklahoma and helps
          you prepare your application for an Oklahoma medical marijuana patient license. The
          physician decides whether to issue a recommendation; a consultation does not guarantee
          one. The state licensing authority decides on the license itself.
        </p>
      </LegalSection>
      <LegalSection title="Who may use it">
        <p>
          The online service is for adults 18 or older with an Oklahoma address. You agree to give
          true and complete information and to keep your password to yourself.
        </p>
      </LegalSection>
      <LegalSection title="Fees">
        <p>
          Fees are shown before you pay: the state fee and our service fee. When you pay, the amount
          charged is held on your card and taken only if the physician approves your recommendation.
          If it is not approved, or staff remove you from the queue, the hold is released and
          nothing is charged. A hold not used within 7 days is released; you pay again when you
          return.
        </p>
        <StateFeeTerms />
      </LegalSection>
      <LegalSection title="Your data">
        <p>
          How we collect and protect your information is described in our Privacy Policy and HIPAA
          Notice.
        </p>
      </LegalSection>
      <ContactForRequests />
    </LegalLayout>
  );
}

export function HipaaPage() {
  return (
    <LegalLayout title="HIPAA Notice">
      <p>
        Your application, documents and consultation records are health information. This notice
        describes what we keep, who may see it and how it is protected.
      </p>
      <DataWeCollect />
      <LegalSection title="Who may see it">
        <p>
          The physician who sees you and the staff who process your application, each limited to
          what their role needs. Every staff read of patient data is recorded in an audit log.
        </p>
      </LegalSection>
      <HowWeProtectIt />
      <NoSelling />
      <ContactForRequests />
    </LegalLayout>
  );
}

export function CompliancePage() {
  return (
    <LegalLayout title="Compliance">
      <p>
        These are the safeguards built into the service. We list what the software does, not
        certifications.
      </p>
      <HowWeProtectIt />
      <LegalSection title="Physicians and eligibility">
        <ul>
          <li>Consultations are held with physicians licensed in Oklahoma.</li>
          <li>Applicants must be 18 or older and have an Oklahoma address.</li>
        </ul>
      </LegalSection>
      <NoSelling />
      <ContactForRequests />
    </LegalLayout>
  );
}
