import { SUPPORT_EMAIL } from '@/lib/brand';
import { LegalSection } from './legal-layout';

// Shared facts about how patient data is handled. They describe what the software does
// (DESIGN.md security baseline); keep them in step with the server and claim nothing more.

export function DataWeCollect() {
  return (
    <LegalSection title="What we collect">
      <ul>
        <li>Account details: your name, email address and a password (stored only as a hash).</li>
        <li>Profile details: date of birth, phone number and mailing address.</li>
        <li>
          Application details: license type, qualifying medical conditions, caregiver information
          and fee-reduction eligibility.
        </li>
        <li>
          Documents you upload, such as a government ID, proof of residency and medical records.
        </li>
        <li>
          Consultation records: queue and visit times, the physician&apos;s notes and the outcome of
          your consultation.
        </li>
        <li>
          Payment details: the card brand and its last four digits. Full card numbers and security
          codes are never stored.
        </li>
      </ul>
    </LegalSection>
  );
}

export function HowWeProtectIt() {
  return (
    <LegalSection title="How we protect it">
      <ul>
        <li>Uploaded documents are encrypted at rest with AES-256-GCM.</li>
        <li>The database is kept on encrypted storage.</li>
        <li>
          Staff see only what their role needs, and every time a staff member reads patient data the
          access is recorded in an audit log.
        </li>
        <li>Sessions end after 30 minutes without activity (15 minutes for staff accounts).</li>
        <li>Passwords are hashed with argon2id; nobody, including our staff, can read them.</li>
        <li>
          Card numbers and security codes are never stored; only the brand and last four digits.
        </li>
      </ul>
    </LegalSection>
  );
}

export function NoSelling() {
  return (
    <LegalSection title="What we never do">
      <p>
        We do not sell your data or share it for advertising. Your information is used to process
        your application, hold your consultation and meet the state&apos;s requirements.
      </p>
    </LegalSection>
  );
}

export function ContactForRequests() {
  return (
    <LegalSection title="Your requests">
      <p>
        To ask for a copy of your information, to correct it, or to ask a question about these
        practices, write to{' '}
        <a className="text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        . We answer during business hours.
      </p>
    </LegalSection>
  );
}
