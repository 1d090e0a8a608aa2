import type { FieldSpecs } from '@/components/form/use-form-feedback';
import type { MessageKey, MessageValues } from '../../../../shared/i18n/message-key';
import type { ApplicationDraft, ApplicationView } from '../../../../shared/schemas/application';
import type { IntakeInput } from './intake-schema';

// The application step's fields: where each one is on the page and what the error summary
// calls it (issue 11), and the answers the form starts from.

/** Element ids of a condition row's controls. */
export const conditionIds = (index: number) => ({
  code: `condition-${index}-code`,
  description: `condition-${index}-description`,
});

export const PROOF_FIELD_ID = 'intake-proof';

/**
 * The fields in screen order; the condition rows change in number, so the list is built for
 * the rows on the page. The labels are the ones the page shows.
 */
export function intakeFieldSpecs(
  t: (key: MessageKey, values?: MessageValues) => string,
  conditionRows: number,
): FieldSpecs<IntakeInput> {
  const conditions: FieldSpecs<IntakeInput> = {};
  for (let i = 0; i < conditionRows; i++) {
    const ids = conditionIds(i);
    conditions[`medicalConditions.${i}.icdCode`] = {
      label: t('intake.conditions.codeLabel', { number: i + 1 }),
      id: ids.code,
    };
    conditions[`medicalConditions.${i}.description`] = {
      label: t('intake.conditions.descriptionFieldLabel', { number: i + 1 }),
      id: ids.description,
    };
  }
  return {
    type: { label: t('intake.type.title'), id: 'intake-type-new' },
    ...conditions,
    caregiverFirstName: { label: t('intake.caregiver.firstName') },
    caregiverLastName: { label: t('intake.caregiver.lastName') },
    caregiverPhone: { label: t('intake.caregiver.phone') },
    caregiverEmail: { label: t('intake.caregiver.email') },
    relationship: { label: t('intake.caregiver.relationship') },
    reducedFeeReason: { label: t('intake.fee.reasonLabel'), id: 'intake-reduced-reason' },
    physicianNotes: { label: t('intake.notes.label'), id: 'physician-notes' },
  };
}

/** The draft over the application's answers: what the patient typed last wins. */
export function defaultsFrom(
  app: ApplicationView | null,
  draft: ApplicationDraft | null,
): IntakeInput {
  const base = applicationDefaults(app);
  if (!draft) return base;
  const { medicalConditions, type, reducedFeeReason, ...rest } = draft;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    ...base,
    ...defined,
    ...(type ? { type } : {}),
    ...(reducedFeeReason !== undefined ? { reducedFeeReason: reducedFeeReason ?? '' } : {}),
    ...(medicalConditions?.length
      ? {
          medicalConditions: medicalConditions.map((c) => ({
            icdCode: (c.icdCode ?? '') as IntakeInput['medicalConditions'][number]['icdCode'],
            description: c.description ?? '',
          })),
        }
      : {}),
  };
}

function applicationDefaults(app: ApplicationView | null): IntakeInput {
  return {
    type: app?.type ?? 'new',
    medicalConditions: app?.medicalConditions.length
      ? app.medicalConditions.map((c) => ({
          icdCode: (c.icdCode ?? '') as IntakeInput['medicalConditions'][number]['icdCode'],
          description: c.description,
        }))
      : [{ icdCode: '', description: '' }],
    needsCaregiver: app?.needsCaregiver ?? false,
    caregiverFirstName: app?.caregiverFirstName ?? '',
    caregiverLastName: app?.caregiverLastName ?? '',
    caregiverPhone: app?.caregiverPhone ?? '',
    caregiverEmail: app?.caregiverEmail ?? '',
    relationship: app?.relationship ?? '',
    hasReducedFee: app?.hasReducedFee ?? false,
    reducedFeeReason: app?.reducedFeeReason ?? '',
    physicianNotes: app?.physicianNotes ?? '',
  };
}
