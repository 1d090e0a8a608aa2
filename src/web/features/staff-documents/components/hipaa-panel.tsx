import type { LucideIcon } from 'lucide-react';
import { FileLock2, History, KeyRound, LockKeyhole, ShieldCheck, Timer } from 'lucide-react';

// What the system really does (DESIGN.md security baseline). No certification is claimed.
const FACTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: FileLock2,
    title: 'Files encrypted at rest',
    text: 'Every uploaded document and every form the clinic generates is stored encrypted (AES-256-GCM), each file on its own; the key is kept apart from the files.',
  },
  {
    icon: History,
    title: 'Every access audited',
    text: 'Each view or download of a document or transcription, and each staff read of patient data, writes an audit record with who, what and when.',
  },
  {
    icon: KeyRound,
    title: 'Access by role and permission',
    text: "Every action is checked against the person's role and permissions by the clinic's system, not only on their screen; a doctor reaches only the patient being seen.",
  },
  {
    icon: Timer,
    title: 'Sessions expire',
    text: 'Staff sessions end after 15 minutes without activity (patients: 30 minutes), and after 12 hours in any case.',
  },
  {
    icon: LockKeyhole,
    title: 'Card data never stored',
    text: 'Card numbers and security codes go to the payment processor only; they are never stored or logged. The system keeps the card brand and last four digits.',
  },
];

/** HIPAA Compliance: the safeguards the software applies, stated plainly. */
export function HipaaPanel() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        The technical safeguards this system applies to protected health information. They support
        the clinic&apos;s HIPAA obligations; they are not a certification.
      </p>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {FACTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-md border border-border p-4">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid grid-cols-1 gap-1">
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
