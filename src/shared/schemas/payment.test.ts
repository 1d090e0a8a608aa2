import { describe, expect, it } from 'vitest';
import { translateText } from '../../server/i18n/translate';
import {
  cardBrand,
  detectCardBrand,
  firstPaymentProblem,
  paymentProblemNamedBy,
  paymentProblems,
  serverMessage,
} from './payment';

describe('detectCardBrand', () => {
  it('tells the brand from the first digits as they are typed', () => {
    expect(detectCardBrand('4')).toBe('Visa');
    expect(detectCardBrand('4242 4242 4242 4242')).toBe('Visa');
    expect(detectCardBrand('5555 5555 5555 4444')).toBe('Mastercard');
    expect(detectCardBrand('2221 0000 0000 0009')).toBe('Mastercard');
    expect(detectCardBrand('2720 9900 0000 0000')).toBe('Mastercard');
    expect(detectCardBrand('3782 822463 10005')).toBe('American Express');
    expect(detectCardBrand('34')).toBe('American Express');
    expect(detectCardBrand('6011 1111 1111 1117')).toBe('Discover');
    expect(detectCardBrand('6445')).toBe('Discover');
    expect(detectCardBrand('65')).toBe('Discover');
  });

  it('says nothing while the prefix fits no brand', () => {
    expect(detectCardBrand('')).toBeNull();
    expect(detectCardBrand('5')).toBeNull();
    expect(detectCardBrand('2220')).toBeNull();
    expect(detectCardBrand('2721')).toBeNull();
    expect(detectCardBrand('30')).toBeNull();
    expect(detectCardBrand('6012')).toBeNull();
    expect(detectCardBrand('abcd')).toBeNull();
    expect(cardBrand('9999 9999 9999 9999')).toBe('Card');
  });
});

describe('paymentProblems', () => {
  const empty = {
    cardNumber: '',
    expiryDate: '',
    cvv: '',
    billingName: '',
    hasReducedFee: false,
    reducedFeeReason: null,
    paymentMethod: null,
    consent: false,
  };

  it('lists every failing check in the spec order, the first being the server answer', () => {
    const problems = paymentProblems(empty, false, 'clinic_submits', new Date('2026-01-15'));
    expect(problems.map((p) => p.field)).toEqual([
      'paymentMethod',
      'cardNumber',
      'expiryDate',
      'cvv',
      'billingName',
      'consent',
      'stateApplicationAuthorized',
    ]);
    expect(translateText('en', firstPaymentProblem(empty, false, 'clinic_submits')!.title)).toBe(
      'Payment Method Required',
    );
    // The patient applies to OMMA themselves: there is nothing to authorize.
    expect(
      paymentProblems(empty, false, 'patient_submits', new Date('2026-01-15')).map((p) => p.field),
    ).not.toContain('stateApplicationAuthorized');
  });

  it('finds nothing wrong with a complete payment', () => {
    const good = {
      ...empty,
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/30',
      cvv: '123',
      billingName: 'Pat Doe',
      paymentMethod: 'credit' as const,
      consent: true,
    };
    const authorized = { ...good, stateApplicationAuthorized: true };
    expect(paymentProblems(authorized, false, 'clinic_submits', new Date('2026-01-15'))).toEqual(
      [],
    );
    expect(paymentProblems(good, false, 'patient_submits', new Date('2026-01-15'))).toEqual([]);
    expect(
      paymentProblems(
        { ...authorized, hasReducedFee: true, reducedFeeReason: 'medicaid' },
        false,
        'clinic_submits',
      ).map((p) => p.field),
    ).toEqual(['proof']);
  });

  it('asks a clinic_submits payment for the authorization, naming its field to the API', () => {
    const good = {
      ...empty,
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/30',
      cvv: '123',
      billingName: 'Pat Doe',
      paymentMethod: 'credit' as const,
      consent: true,
    };
    const problem = firstPaymentProblem(good, false, 'clinic_submits');
    expect(problem?.field).toBe('stateApplicationAuthorized');
    expect(translateText('en', serverMessage(problem!))).toMatch(/^stateApplicationAuthorized: /);
    expect(translateText('es', serverMessage(problem!))).toMatch(/^stateApplicationAuthorized: /);
    // The form finds the field from the server's words, in the reader's language (issue 24).
    for (const language of ['en', 'es'] as const) {
      const answer = translateText(language, serverMessage(problem!));
      const tr = (text: string) => translateText(language, text);
      expect(paymentProblemNamedBy(answer, tr)?.field).toBe('stateApplicationAuthorized');
    }
  });
});
