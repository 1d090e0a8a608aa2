import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { bornOn } from '@/components/patient-identity';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebounced } from '@/features/staff-documents/use-debounced';
import type { AuditPatient } from '../../../../shared/schemas/audit';
import { useAuditPatientSearch } from '../api/audit';

interface PatientPickerProps {
  /** The patient the filter names, once the server has said who it is. */
  chosen: AuditPatient | null;
  chosenId: string;
  onChoose: (patientId: string) => void;
}

/** The patient filter: search by name, pick one (name and date of birth tell namesakes apart). */
export function PatientPicker({ chosen, chosenId, onChoose }: PatientPickerProps) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search);
  const results = useAuditPatientSearch(settled);

  if (chosenId)
    return (
      <fieldset className="grid min-w-0 grid-cols-1 gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Patient</legend>
        <div className="flex min-h-10 items-center justify-between gap-2 rounded-md border border-input bg-muted/40 px-3 py-1.5">
          <span className="min-w-0 text-sm" data-testid="audit-patient-chosen">
            {chosen ? (
              <>
                <span className="font-semibold">{chosen.name}</span>{' '}
                <span className="text-muted-foreground">· {bornOn(chosen.dateOfBirth)}</span>
              </>
            ) : (
              'Loading the patient…'
            )}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChoose('')}
            aria-label="Clear the patient filter"
          >
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      </fieldset>
    );

  const typed = settled.trim().length >= 2;
  return (
    <div className="relative grid grid-cols-1 gap-1.5">
      <Label htmlFor="audit-patient-search">Patient</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="audit-patient-search"
          type="search"
          className="pl-9"
          placeholder="Patient name"
          maxLength={100}
          autoComplete="off"
          aria-describedby="audit-patient-hint"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p id="audit-patient-hint" className="text-xs text-muted-foreground">
        Type two or more letters of the name, then choose the patient.
      </p>
      {typed && (
        <div aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-muted-foreground">Searching…</p>
          ) : results.isError ? (
            <p className="text-sm text-destructive">Could not search the patients.</p>
          ) : results.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No patient has that name.</p>
          ) : (
            <ul
              aria-label="Matching patients"
              className="grid max-h-64 grid-cols-1 gap-1 overflow-y-auto rounded-md border border-border p-1"
            >
              {results.data.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="grid w-full rounded-sm px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => {
                      setSearch('');
                      onChoose(p.id);
                    }}
                  >
                    <span className="font-medium">{p.name}</span>
                    <span className="text-xs text-muted-foreground">{bornOn(p.dateOfBirth)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
