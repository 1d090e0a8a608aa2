import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PatientIdentity } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { PatientSearchQuerySchema } from '../../../../shared/schemas/patient-accounts';
import { type PatientCriteria, usePatientSearch } from '../api/patient-accounts';
import { PatientAccountActions } from './patient-account-actions';

/**
 * Patients in User Management (issue 13): find an account by name, email or date of birth and
 * help with it. Shown only to staff holding `users` and `documents` (ruling 3).
 */
export function PatientAccounts() {
  const [q, setQ] = useState('');
  const [dob, setDob] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [criteria, setCriteria] = useState<PatientCriteria | null>(null);
  const results = usePatientSearch(criteria);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PatientSearchQuerySchema.safeParse({ q, dob, page: 1 });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the search');
      return;
    }
    setProblem(null);
    setCriteria({ q: parsed.data.q, dob: parsed.data.dob, page: 1 });
  };
  const turnPage = (page: number) => criteria && setCriteria({ ...criteria, page });

  return (
    <Card data-testid="patient-accounts">
      <CardHeader className="gap-1.5">
        <h2 className="text-lg font-semibold">Patients</h2>
        <CardDescription>
          Find a patient to send a password reset, unlock their sign-in or deactivate the account.
          Each search is recorded in the audit trail.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form
          onSubmit={submit}
          noValidate
          aria-label="Find a patient"
          className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto]"
        >
          <TextField
            name="patient-q"
            label="Name or email"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            maxLength={100}
            error={problem ?? undefined}
          />
          <TextField
            name="patient-dob"
            label="Date of birth"
            type="date"
            value={dob}
            onChange={(e) => setDob(e.target.value)}
          />
          <Button type="submit" disabled={results.isFetching}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        {criteria && <Results results={results} onPage={turnPage} />}
      </CardContent>
    </Card>
  );
}

function Results({
  results,
  onPage,
}: {
  results: ReturnType<typeof usePatientSearch>;
  onPage: (page: number) => void;
}) {
  if (results.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Searching patients" />
      </div>
    );
  if (results.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p className="text-sm text-destructive">
          {errorMessage(results.error, 'Could not search patients.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => results.refetch()}>
          Try again
        </Button>
      </div>
    );
  const { patients, page, hasMore } = results.data;
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {patients.length === 0
          ? 'No patients match this search.'
          : `${patients.length}${hasMore ? '+' : ''} patient${patients.length === 1 ? '' : 's'} found${page > 1 ? ` (page ${page})` : ''}.`}
      </p>
      {patients.length > 0 && (
        <Table stacked className="min-w-[780px]">
          <TableCaption className="sr-only">Patients found</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Patient</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {patients.map((p) => (
              <TableRow key={p.id} data-testid="patient-account-row">
                <TableCell label="Patient">
                  <PatientIdentity
                    name={`${p.firstName} ${p.lastName}`}
                    dateOfBirth={p.dateOfBirth}
                  />
                </TableCell>
                <TableCell label="Email" className="break-all">
                  {p.email}
                </TableCell>
                <TableCell label="Status">
                  <div className="flex flex-wrap gap-1">
                    {p.emailVerified ? (
                      <Badge variant="success">Verified</Badge>
                    ) : (
                      <Badge variant="warning">Pending</Badge>
                    )}
                    {p.signInLocked && <Badge variant="destructive">Sign-in locked</Badge>}
                  </div>
                </TableCell>
                <TableCell>
                  <PatientAccountActions patient={p} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(page > 1 || hasMore) && (
        <nav aria-label="Result pages" className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
