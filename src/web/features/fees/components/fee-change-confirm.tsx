import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { formatUsd } from '../../../../shared/money';
import type { changedMode, FeeChange } from '../../../../shared/schemas/fees';
import { STATE_APPLICATION_MODE_LABELS, slotName } from './fee-words';

/** What a save changes: fees, and who applies to OMMA (issue 22). */
export interface PendingChange {
  fees: FeeChange[];
  mode: ReturnType<typeof changedMode>;
}

/** "This is what changes": each changed fee, old → new, before anything is saved. */
export function FeeChangeConfirm({
  change,
  saving,
  onConfirm,
  onCancel,
}: {
  change: PendingChange | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Save the new fees?</AlertDialogTitle>
          <AlertDialogDescription>
            Payments made after you save are charged the new amounts. Payments already made keep
            theirs.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2 text-sm" aria-label="What changes">
          {change?.mode && (
            <li className="rounded-md border border-border p-2">
              <span className="block font-medium">Who applies to OMMA</span>
              {STATE_APPLICATION_MODE_LABELS[change.mode.from]} →{' '}
              <strong>{STATE_APPLICATION_MODE_LABELS[change.mode.to]}</strong>
            </li>
          )}
          {change?.fees.map((c) => (
            <li
              key={`${c.type}-${c.kind}-${c.part}`}
              className="rounded-md border border-border p-2"
            >
              <span className="block font-medium">{slotName(c)}</span>
              <span className="tabular-nums">
                {formatUsd(c.fromCents)} → <strong>{formatUsd(c.toCents)}</strong>
              </span>
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={saving}>Keep editing</AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the save answers. */}
          <Button type="button" onClick={onConfirm} disabled={saving}>
            {saving ? 'Saving...' : 'Save new fees'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
