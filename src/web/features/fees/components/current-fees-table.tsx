import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { APPLICATION_TYPES, type FeesResponse } from '../../../../shared/fees';
import { FEE_KINDS } from '../../../../shared/schemas/fees';
import { APPLICATION_TYPE_LABELS, FEE_KIND_LABELS } from './fee-words';

/**
 * The schedule in force: what a patient pays for each kind of application, and why. The state
 * fee is OMMA's, passed on (issue 22: not revenue); the clinic charges it at payment only when
 * it submits the OMMA application for the patient.
 */
export function CurrentFeesTable({ fees }: { fees: FeesResponse }) {
  return (
    <Table stacked className="min-w-[560px]" scrollLabel="Fees in force">
      <TableCaption className="sr-only">Fees in force</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Application</TableHead>
          <TableHead>Who pays it</TableHead>
          <TableHead className="text-right">State fee (to OMMA)</TableHead>
          <TableHead className="text-right">Service fee</TableHead>
          <TableHead className="text-right">Charged at payment</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {APPLICATION_TYPES.flatMap((type) =>
          FEE_KINDS.map((kind) => {
            const line = fees[type][kind];
            return (
              <TableRow key={`${type}-${kind}`} data-testid={`fee-row-${type}-${kind}`}>
                <TableCell label="Application" className="font-semibold">
                  {APPLICATION_TYPE_LABELS[type]}
                </TableCell>
                <TableCell label="Who pays it">
                  {kind === 'standard' ? 'Most patients' : FEE_KIND_LABELS.reduced}
                </TableCell>
                <TableCell label="State fee (to OMMA)" className="md:text-right tabular-nums">
                  ${line.stateFee}
                  {fees.stateApplication === 'patient_submits' && (
                    <span className="block text-xs text-muted-foreground">
                      paid by the patient to OMMA
                    </span>
                  )}
                </TableCell>
                <TableCell label="Service fee" className="md:text-right tabular-nums">
                  ${line.serviceFee}
                </TableCell>
                <TableCell
                  label="Charged at payment"
                  className="font-semibold md:text-right tabular-nums"
                >
                  ${line.total}
                </TableCell>
              </TableRow>
            );
          }),
        )}
      </TableBody>
    </Table>
  );
}
