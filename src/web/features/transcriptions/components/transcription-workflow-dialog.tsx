import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, CheckCircle2, Copy, Lock } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormServerError } from '@/components/form/form-submit';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues, isNetworkFailure } from '@/lib/form-errors';
import {
  NOTES_MAX,
  ProcessTranscriptionSchema,
  type StoredTranscription,
  SUMMARY_MAX,
  TRANSCRIPT_MAX,
} from '../../../../shared/schemas/transcription';
import { useProcessTranscription } from '../api/transcriptions';
import { TranscriptionResult } from './transcription-result';
import { WORKFLOW_STEPS, WorkflowSteps } from './workflow-steps';

// staff-and-video.md §4: view, copy, compile, store. Storage stays disabled until both the
// summary and the notes are filled; storing resets the dialog, which then shows what the
// server drew from the notes (key findings, billable content).

const WorkflowSchema = ProcessTranscriptionSchema.omit({ consultationId: true });
type WorkflowInput = z.input<typeof WorkflowSchema>;
type WorkflowOutput = z.output<typeof WorkflowSchema>;
const EMPTY: WorkflowInput = { rawTranscript: '', summary: '', notes: '' };
const FIELDS = ['rawTranscript', 'summary', 'notes'] as const;

/** A transcript file is read in the browser; a few MB of text is far past the limit anyway. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface TranscriptionTarget {
  consultationId: string;
  patientName: string;
}

interface Props {
  target: TranscriptionTarget;
  /** Who and when, under the title. */
  describe: string;
  onClose: () => void;
}

export function TranscriptionWorkflowDialog({ target, describe, onClose }: Props) {
  const [step, setStep] = useState(0);
  const [stored, setStored] = useState<StoredTranscription | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A refusal that names no field, said by the Store button.
  const [storeError, setStoreError] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const processTranscription = useProcessTranscription();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    trigger,
    watch,
    getFieldState,
    formState: { errors },
  } = useForm<WorkflowInput, unknown, WorkflowOutput>({
    resolver: zodResolver(WorkflowSchema),
    defaultValues: EMPTY,
  });
  const transcript = watch('rawTranscript') ?? '';
  const notesReady = (watch('summary') ?? '').trim() !== '' && (watch('notes') ?? '').trim() !== '';

  // Moving between steps puts the keyboard on the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step, stored]);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileError(null);
    if (!file) return;
    if (!/\.txt$/i.test(file.name) && file.type !== 'text/plain') {
      setFileError('Choose a plain text (.txt) file.');
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setFileError('That file is too large for a transcript.');
      return;
    }
    const text = await file.text();
    setValue('rawTranscript', text, { shouldDirty: true, shouldValidate: true });
    toast({ title: 'Transcript loaded', description: `${file.name} was read into the form.` });
  };

  const copyTranscript = async () => {
    try {
      await navigator.clipboard.writeText(transcript);
      toast({ title: 'Copied', description: 'The transcript is on your clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it with your keyboard instead.',
        variant: 'destructive',
      });
    }
  };

  const toCompile = async () => {
    if (await trigger('rawTranscript')) setStep(1);
  };

  const store = handleSubmit(
    (values) => {
      setStoreError(null);
      return processTranscription.mutate(
        { consultationId: target.consultationId, ...values },
        {
          onSuccess: (answer) => {
            reset(EMPTY);
            setStep(0);
            setStored(answer);
            toast({
              title: 'Transcription Stored',
              description: `${target.patientName}'s notes are stored securely.`,
            });
          },
          onError: (error) => {
            const message = errorMessage(error, 'Could not store the transcription');
            if (isNetworkFailure(error)) {
              toast({ title: 'Storage Failed', description: message, variant: 'destructive' });
              return;
            }
            applyServerIssues(error, setError, FIELDS);
            if (getFieldState('rawTranscript').error) setStep(0);
            else if (getFieldState('summary').error || getFieldState('notes').error) setStep(1);
            else setStoreError(`Storage failed: ${message}`);
          },
        },
      );
    },
    (invalid) => setStep(invalid.rawTranscript ? 0 : 1),
  );

  const rawError = errors.rawTranscript?.message;
  const summaryError = errors.summary?.message;
  const notesError = errors.notes?.message;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {stored ? 'Transcription stored' : 'Process transcription'}: {target.patientName}
          </DialogTitle>
          <DialogDescription>{describe}</DialogDescription>
        </DialogHeader>

        {stored ? (
          <div className="grid gap-5">
            <h3
              ref={stepHeading}
              tabIndex={-1}
              className="flex items-center gap-2 font-semibold text-success outline-none"
            >
              <CheckCircle2 aria-hidden="true" className="size-5" />
              Stored securely. The form has been cleared.
            </h3>
            <TranscriptionResult stored={stored} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={store} className="grid gap-5">
            <WorkflowSteps current={step} />
            <h3 ref={stepHeading} tabIndex={-1} className="font-semibold outline-none">
              Step {step + 1} of 3: {WORKFLOW_STEPS[step]}
            </h3>

            {step === 0 && (
              <>
                <Field
                  id="tx-transcript"
                  label="Transcript"
                  error={rawError}
                  hint="Paste the consultation transcript here, or upload it as a .txt file."
                >
                  <Textarea
                    id="tx-transcript"
                    rows={10}
                    maxLength={TRANSCRIPT_MAX}
                    aria-invalid={rawError ? true : undefined}
                    aria-describedby={fieldDescribedBy('tx-transcript', rawError, true)}
                    {...register('rawTranscript')}
                  />
                </Field>
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="grid flex-1 gap-1.5">
                    <Label htmlFor="tx-file">Upload a .txt file</Label>
                    <Input
                      id="tx-file"
                      type="file"
                      accept=".txt,text/plain"
                      onChange={readFile}
                      aria-invalid={fileError ? true : undefined}
                      aria-describedby={fileError ? 'tx-file-error' : undefined}
                      className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground"
                    />
                  </div>
                  <Button
                    variant="outline"
                    onClick={copyTranscript}
                    disabled={!transcript.trim()}
                    aria-label="Copy transcript"
                  >
                    <Copy aria-hidden="true" />
                    Copy
                  </Button>
                </div>
                {fileError && (
                  <p
                    id="tx-file-error"
                    role="alert"
                    className="text-sm font-medium text-destructive"
                  >
                    {fileError}
                  </p>
                )}
                <DialogFooter>
                  <Button variant="outline" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button onClick={toCompile}>
                    Next: Compile Notes
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </DialogFooter>
              </>
            )}

            {step === 1 && (
              <>
                <Field
                  id="tx-summary"
                  label="Summary"
                  error={summaryError}
                  hint="A few sentences: the reason for the visit and the recommendation."
                >
                  <Textarea
                    id="tx-summary"
                    rows={4}
                    maxLength={SUMMARY_MAX}
                    aria-invalid={summaryError ? true : undefined}
                    aria-describedby={fieldDescribedBy('tx-summary', summaryError, true)}
                    {...register('summary')}
                  />
                </Field>
                <Field
                  id="tx-notes"
                  label="Notes"
                  error={notesError}
                  hint="The clinical notes: history, conditions discussed, advice given."
                >
                  <Textarea
                    id="tx-notes"
                    rows={8}
                    maxLength={NOTES_MAX}
                    aria-invalid={notesError ? true : undefined}
                    aria-describedby={fieldDescribedBy('tx-notes', notesError, true)}
                    {...register('notes')}
                  />
                </Field>
                {!notesReady && (
                  <p id="tx-ready-hint" className="text-sm text-muted-foreground">
                    Fill in both the summary and the notes to continue to secure storage.
                  </p>
                )}
                <DialogFooter>
                  <Button variant="outline" onClick={() => setStep(0)}>
                    <ArrowLeft aria-hidden="true" />
                    Back
                  </Button>
                  <Button
                    onClick={() => setStep(2)}
                    disabled={!notesReady}
                    aria-describedby={notesReady ? undefined : 'tx-ready-hint'}
                  >
                    Next: Secure Storage
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </DialogFooter>
              </>
            )}

            {step === 2 && (
              <>
                <dl className="grid gap-3 rounded-md border border-border p-4 text-sm">
                  <div>
                    <dt className="text-xs font-medium text-muted-foreground">Transcript</dt>
                    <dd>{transcript.trim().length.toLocaleString('en-US')} characters</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-muted-foreground">Summary</dt>
                    <dd className="line-clamp-3 whitespace-pre-wrap break-words">
                      {watch('summary')}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-muted-foreground">Notes</dt>
                    <dd className="line-clamp-4 whitespace-pre-wrap break-words">
                      {watch('notes')}
                    </dd>
                  </div>
                </dl>
                <p className="flex items-start gap-2 text-sm">
                  <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  Storing files the transcript, summary and notes with this consultation. Key
                  findings and billable content are drawn from them, and every view and download is
                  audited.
                </p>
                <FormServerError message={storeError} />
                <DialogFooter>
                  <Button variant="outline" onClick={() => setStep(1)}>
                    <ArrowLeft aria-hidden="true" />
                    Back
                  </Button>
                  <Button type="submit" disabled={!notesReady || processTranscription.isPending}>
                    <Lock aria-hidden="true" />
                    {processTranscription.isPending ? 'Storing...' : 'Store Securely'}
                  </Button>
                </DialogFooter>
              </>
            )}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
