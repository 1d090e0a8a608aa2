import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/catalogs/en';
import { es } from '../../../shared/i18n/catalogs/es';
import { compileCatalog } from '../../../shared/i18n/compile-catalog';
import { INTL_LOCALE, type Language } from '../../../shared/i18n/languages';
import { computeJourney, type JourneyInput } from '../../../shared/journey';
import type { PatientStateApplication } from '../../../shared/schemas/state-application';
import { journeyLine } from './journey-text';

// Issue 24: the patient's pages show the journey by key. In English the keyed lines must read
// exactly as the server's English (staff screens, e2e tests); in Spanish they must be whole.

const i18nIn = (language: Language) =>
  setupI18n({
    locale: language,
    locales: [INTL_LOCALE[language]],
    messages: { [language]: compileCatalog(language === 'en' ? en : es) },
  });
const english = i18nIn('en');
const spanish = i18nIn('es');

const docs = (status: string, categories = ['government_id', 'proof_of_residency', 'photo']) =>
  categories.map((category, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    category,
    status,
    reviewNote: status === 'rejected' ? 'Blurry' : null,
  }));
const app = (paymentStatus: string, conditions = 2) => ({
  status: 'pending',
  paymentStatus,
  amountCents: 13700,
  conditions,
});
const sa = (over: Partial<PatientStateApplication>): PatientStateApplication => ({
  mode: 'clinic_submits',
  status: 'preparing',
  ommaApplicationNumber: null,
  submittedOn: null,
  submitBy: '2026-03-31',
  ...over,
});
const base: JourneyInput = {
  hasPatient: true,
  application: null,
  documents: [],
  queue: null,
  consultation: null,
  recommendationDocumentId: null,
};
const approved: JourneyInput = {
  ...base,
  application: app('captured'),
  documents: docs('approved'),
  queue: { status: 'completed' },
  consultation: { endedAt: '2026-03-01T15:00:00Z', outcome: 'approved', outcomeReason: null },
  recommendationDocumentId: '00000000-0000-4000-8000-0000000000aa',
  today: '2026-03-05',
};

const inputs: JourneyInput[] = [
  { ...base, hasPatient: false },
  base,
  { ...base, application: app('unpaid', 0) },
  { ...base, application: app('unpaid', 1), documents: docs('pending', ['photo']) },
  { ...base, application: app('unpaid'), documents: docs('rejected') },
  {
    ...base,
    application: app('unpaid'),
    documents: docs('rejected').map((d) => ({ ...d, reviewNote: null })),
  },
  { ...base, application: app('authorized'), documents: docs('pending') },
  { ...base, application: app('voided'), documents: docs('approved'), queue: { status: 'left' } },
  { ...base, application: app('refunded'), documents: docs('approved') },
  {
    ...base,
    application: app('authorized'),
    documents: docs('approved'),
    queue: { status: 'waiting' },
  },
  {
    ...base,
    application: app('authorized'),
    documents: docs('approved'),
    queue: { status: 'admitted' },
  },
  {
    ...base,
    application: app('voided'),
    documents: docs('approved'),
    queue: { status: 'rejected', removalReason: 'No answer' },
  },
  {
    ...base,
    application: app('voided'),
    documents: docs('approved'),
    queue: { status: 'rejected' },
  },
  {
    ...base,
    application: app('authorized'),
    documents: docs('approved'),
    queue: { status: 'in_consultation' },
    consultation: { hasRoom: true, endedAt: null, outcome: null, outcomeReason: null },
  },
  {
    ...base,
    application: app('authorized'),
    documents: docs('approved'),
    queue: { status: 'completed' },
    consultation: { endedAt: '2026-03-01T15:00:00Z', outcome: null, outcomeReason: null },
  },
  ...['voided', 'refunded'].flatMap((paymentStatus) =>
    [null, 'Not a qualifying condition'].map((outcomeReason) => ({
      ...approved,
      application: app(paymentStatus),
      recommendationDocumentId: null,
      consultation: { endedAt: '2026-03-01T15:00:00Z', outcome: 'not_approved', outcomeReason },
    })),
  ),
  { ...approved, recommendationDocumentId: null },
  approved,
  { ...approved, stateApplicationMode: 'patient_submits' },
  ...(['clinic_submits', 'patient_submits'] as const).flatMap((mode) => [
    { ...approved, stateApplication: sa({ mode }) },
    { ...approved, stateApplication: sa({ mode, status: 'submitted' }) },
    { ...approved, stateApplication: sa({ mode, status: 'submitted', submittedOn: '2026-03-04' }) },
    {
      ...approved,
      stateApplication: sa({
        mode,
        status: 'submitted',
        submittedOn: '2026-03-04',
        ommaApplicationNumber: 'OMMA-77',
      }),
    },
    { ...approved, stateApplication: sa({ mode, status: 'approved' }) },
    {
      ...approved,
      stateApplication: sa({ mode, status: 'approved', ommaApplicationNumber: 'A-1' }),
    },
    { ...approved, stateApplication: sa({ mode, status: 'rejected', resubmitBy: '2026-04-20' }) },
    {
      ...approved,
      stateApplication: sa({
        mode,
        status: 'rejected',
        resubmitBy: '2026-04-20',
        documentsNeeded: ['photo', 'proof_of_residency'],
      }),
    },
    { ...approved, stateApplication: sa({ mode, status: 'lapsed' }) },
    { ...approved, stateApplication: sa({ mode, status: 'lapsed', resubmitBy: '2026-04-20' }) },
  ]),
  ...['2026-12-31', '2026-01-31'].map((expiresOn) => ({
    ...approved,
    stateApplication: sa({ status: 'approved' }),
    license: { licenseNumber: 'PAAA-1234-5678', expiresOn } as JourneyInput['license'],
  })),
];

const lines = inputs.flatMap((input) =>
  computeJourney(input).steps.flatMap((step) => [
    { english: step.status, message: step.statusMessage },
    ...(step.action ? [{ english: step.action.label, message: step.actionMessage }] : []),
  ]),
);

describe('the journey by key', () => {
  it('gives every status and action a key', () => {
    expect(lines.length).toBeGreaterThan(300);
    for (const line of lines) expect(line.message, line.english).toMatch(/^i18n:dashboard\./);
  });

  it('reads in English exactly as the server English', () => {
    for (const line of lines) expect(journeyLine(english, line.message, '')).toBe(line.english);
    expect(new Set(lines.map((l) => l.message?.split('{')[0])).size).toBeGreaterThan(70);
  });

  it('reads in Spanish whole: names, lists and dates in Spanish', () => {
    for (const line of lines) {
      const text = journeyLine(spanish, line.message, '');
      expect(text).not.toMatch(/i18n:|[{}]|undefined|dashboard\.|documents\./);
      expect(text.length).toBeGreaterThan(3);
    }
    const needs = computeJourney({
      ...approved,
      stateApplication: sa({
        status: 'rejected',
        resubmitBy: '2026-04-20',
        documentsNeeded: ['photo', 'proof_of_residency'],
      }),
    }).steps.find((s) => s.key === 'state_application')!;
    expect(journeyLine(spanish, needs.statusMessage, needs.status)).toContain(
      '20 de abril de 2026',
    );
    expect(journeyLine(spanish, needs.statusMessage, needs.status)).not.toContain('Photo');
  });

  it('shows the English as it is when there is no key', () => {
    expect(journeyLine(spanish, undefined, 'Approved.')).toBe('Approved.');
  });
});
