import { formatAuditTime } from '../../../shared/audit-actions.js';
import type { AuditEntryView } from '../../../shared/schemas/audit.js';

// The trail as CSV (RFC 4180): every cell quoted, quotes doubled, CRLF between rows. A cell a
// spreadsheet would run as a formula (= + - @, or a tab or carriage return first) gets a
// leading apostrophe (OWASP "CSV injection"), so a name like "=HYPERLINK(…)" stays text.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

export const AUDIT_CSV_HEADER = [
  'When (clinic time)',
  'When (UTC)',
  'Who',
  'Role',
  'What',
  'Action',
  'Outcome',
  'Address',
  'Record',
  'Record id',
  'Patients',
  'Patient ids',
] as const;

export function auditCsvRow(entry: AuditEntryView, timeZone: string): string {
  return csvLine([
    formatAuditTime(entry.at, timeZone),
    entry.at,
    entry.actor?.name ?? 'System',
    entry.actor?.roleLabel ?? '',
    entry.what,
    entry.action,
    entry.outcomeWords,
    entry.ip,
    entry.target?.label ?? '',
    entry.target?.id ?? '',
    entry.patients
      .map((p) => (p.dateOfBirth ? `${p.name} (born ${p.dateOfBirth})` : p.name))
      .join('; '),
    entry.patients.map((p) => p.id).join('; '),
  ]);
}
