import { useEffect, useRef } from 'react';
import type { UseFormWatch } from 'react-hook-form';
import { AUTOSAVE_DELAY_MS } from '@/lib/autosave';
import type { ApplicationDraft } from '../../../../shared/schemas/application';
import type { IntakeInput } from '../components/intake-schema';
import { useSaveDraft } from './draft';

const clip = (value: string | undefined | null, max: number) =>
  typeof value === 'string' ? value.slice(0, max) : undefined;

/** The form's values as the draft route takes them: every field bounded as the server bounds it. */
export function toDraft(values: Partial<IntakeInput>): ApplicationDraft {
  return {
    type: values.type ?? '',
    needsCaregiver: values.needsCaregiver ?? false,
    caregiverFirstName: clip(values.caregiverFirstName, 100),
    caregiverLastName: clip(values.caregiverLastName, 100),
    caregiverPhone: clip(values.caregiverPhone, 40),
    caregiverEmail: clip(values.caregiverEmail, 254),
    relationship: clip(values.relationship, 100),
    hasReducedFee: values.hasReducedFee ?? false,
    reducedFeeReason: (values.reducedFeeReason ?? null) as ApplicationDraft['reducedFeeReason'],
    physicianNotes: clip(values.physicianNotes, 2000),
    medicalConditions: (values.medicalConditions ?? []).slice(0, 20).map((c) => ({
      icdCode: clip(c?.icdCode ?? null, 20) ?? null,
      description: clip(c?.description, 300) ?? '',
    })),
  };
}

/**
 * Saves the form to the server as the patient types (debounced), while `enabled` (nothing
 * submitted yet). Nothing is written to the browser's storage.
 */
export function useDraftAutosave(watch: UseFormWatch<IntakeInput>, enabled: boolean) {
  const save = useSaveDraft();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { mutate } = save;
  useEffect(() => {
    if (!enabled) return;
    const subscription = watch((values) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => mutate(toDraft(values as Partial<IntakeInput>)),
        AUTOSAVE_DELAY_MS,
      );
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [watch, enabled, mutate]);
  return { cancel: () => clearTimeout(timer.current), saving: save.isPending };
}
