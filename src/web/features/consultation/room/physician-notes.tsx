import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { AUTOSAVE_DELAY_MS } from '@/lib/autosave';
import { CONSULTATION_NOTES_MAX } from '../../../../shared/schemas/consultation-room';
import { notesRequest, saveConsultationNotes } from '../api/consultation';

// The physician's notes in the room (issue 12): saved as they type, about 800 ms after the last
// key, at once when the field loses focus and when the panel goes away (the sheet closes, the
// page is left). One save at a time; what was typed meanwhile follows it. Once the outcome is
// recorded the notes are final (the server answers 409) and the field is read-only.

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

interface PhysicianNotesProps {
  consultationId: string;
  /** The notes as the record last read them. */
  initial: string;
  /** The outcome is recorded: the notes are final. */
  locked: boolean;
  onSaved?: (notes: string) => void;
}

export function PhysicianNotes({ consultationId, initial, locked, onSaved }: PhysicianNotesProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(initial);
  const saved = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);
  const savedHandler = useRef(onSaved);
  savedHandler.current = onSaved;

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (latest.current === saved.current) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    const text = latest.current;
    setState('saving');
    try {
      const answer = await saveConsultationNotes(consultationId, text);
      saved.current = answer.notes;
      savedHandler.current?.(answer.notes);
      setError(null);
      setState(latest.current === saved.current ? 'saved' : 'saving');
    } catch (e) {
      setState('error');
      setError(
        errorMessage(
          e,
          'Your notes could not be saved. They are kept here; keep typing or leave the field to try again.',
        ),
      );
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        void flush();
      }
    }
  }, [consultationId]);

  // Leaving (the sheet closes, the page changes): what is not saved yet is sent now. A tab
  // that closes sends it with keepalive, which outlives the page.
  useEffect(() => {
    const onPageHide = () => {
      if (latest.current !== saved.current)
        void notesRequest(consultationId, latest.current, { keepalive: true }).catch(() => {});
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush, consultationId]);

  const onChange = (text: string) => {
    setValue(text);
    latest.current = text;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  const statusText = locked
    ? 'The outcome is recorded: these notes are final.'
    : state === 'saving'
      ? 'Saving…'
      : state === 'saved'
        ? 'Saved'
        : state === 'error'
          ? `Not saved: ${error}`
          : 'Saved as you type.';

  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>Your notes</Label>
      <Textarea
        id={id}
        value={value}
        readOnly={locked}
        maxLength={CONSULTATION_NOTES_MAX}
        rows={6}
        aria-describedby={`${id}-status`}
        aria-invalid={state === 'error' ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => void flush()}
      />
      <p
        id={`${id}-status`}
        role="status"
        data-save-state={locked ? 'locked' : state}
        className={
          state === 'error' && !locked
            ? 'text-sm font-medium text-destructive'
            : 'text-sm text-muted-foreground'
        }
      >
        {statusText}
      </p>
    </div>
  );
}
