import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  auditActionWords,
} from '../../../../shared/audit-actions';
import type { AuditPatient } from '../../../../shared/schemas/audit';
import { type AuditFilterValues, useAuditActors } from '../api/audit';
import { PatientPicker } from './patient-picker';

interface AuditFiltersProps {
  value: AuditFilterValues;
  /** Who the patient filter names (the page's answer says). */
  patient: AuditPatient | null;
  onChange: (value: AuditFilterValues) => void;
}

/** The actions in words, alphabetically, for the select. */
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({
  action,
  words: auditActionWords(action),
})).sort((a, b) => a.words.localeCompare(b.words));

/** Who, about whom, which action, which days (clinic time, both days included). */
export function AuditFilters({ value, patient, onChange }: AuditFiltersProps) {
  const actors = useAuditActors();
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...value, ...patch });
  return (
    <search className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <div className="grid content-start grid-cols-1 gap-1.5">
        <Label htmlFor="audit-actor">Who</Label>
        <Select
          id="audit-actor"
          value={value.actorId}
          onChange={(e) => set({ actorId: e.target.value })}
        >
          <option value="">Everyone</option>
          {/* A link may name someone the list does not hold (a patient acting on their record). */}
          {value.actorId && !actors.data?.some((a) => a.id === value.actorId) && (
            <option value={value.actorId}>The chosen person</option>
          )}
          {actors.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.roleLabel})
            </option>
          ))}
        </Select>
      </div>
      <div className="content-start">
        <PatientPicker
          chosen={patient}
          chosenId={value.patientId}
          onChoose={(patientId) => set({ patientId })}
        />
      </div>
      <div className="grid content-start grid-cols-1 gap-1.5">
        <Label htmlFor="audit-action">What</Label>
        <Select
          id="audit-action"
          value={value.action}
          onChange={(e) => set({ action: e.target.value as AuditAction | '' })}
        >
          <option value="">Every action</option>
          {ACTION_OPTIONS.map((o) => (
            <option key={o.action} value={o.action}>
              {o.words}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid content-start grid-cols-1 gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="grid content-start grid-cols-1 gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
    </search>
  );
}
