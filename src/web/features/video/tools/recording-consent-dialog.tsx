import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import type { RecordingState } from './use-recording';

/** A patient's consent before anything is recorded (issue 5: consent first). */
export function RecordingConsentDialog({ recording }: { recording: RecordingState }) {
  const request = recording.consentRequest;
  return (
    // Closing is answered only by the buttons (and Escape, as a decline): the dialog's own
    // close would answer a second time.
    <AlertDialog open={request !== null}>
      <AlertDialogContent
        onEscapeKeyDown={(event) => {
          event.preventDefault();
          recording.answerConsent(false);
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Record this consultation?</AlertDialogTitle>
          <AlertDialogDescription>
            {request?.requestedBy || 'Your physician'} would like to record this video consultation.
            The recording is kept securely with the clinic&apos;s records. If you decline, the
            consultation continues without recording.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => recording.answerConsent(false)}>
            Decline
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'default' })}
            onClick={() => recording.answerConsent(true)}
          >
            Allow recording
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
