import { describe, expect, it } from 'vitest';
import { missingForQueue, missingForQueueMessage, missingNamedBy } from './intake.js';

// The one rule of what the queue still needs (issue 11), shared by the server's gate and the
// wizard.

describe('missingForQueue', () => {
  it('names the condition and each required document, in the wizard’s order', () => {
    expect(missingForQueue({ conditions: 0, documents: [] })).toEqual([
      'a medical condition',
      'Government-Issued ID',
      'Proof of Oklahoma Residency',
      'Photograph',
    ]);
  });

  it('is empty with a condition and the three documents; medical records are optional', () => {
    expect(
      missingForQueue({
        conditions: 2,
        documents: ['photo', 'government_id', 'proof_of_residency'],
      }),
    ).toEqual([]);
    expect(missingForQueue({ conditions: 1, documents: ['medical_records', 'photo'] })).toEqual([
      'Government-Issued ID',
      'Proof of Oklahoma Residency',
    ]);
  });

  it('reads as the sentence the server refuses with', () => {
    expect(missingForQueueMessage(['a medical condition', 'Photograph'])).toBe(
      'Before joining the queue, please add: a medical condition, Photograph',
    );
  });

  it('is read back from the refusal, so the wizard lists it in place', () => {
    const message = missingForQueueMessage(['a medical condition', 'Photograph']);
    expect(missingNamedBy(message)).toEqual(['a medical condition', 'Photograph']);
    expect(missingNamedBy(`${message}.`)).toEqual(['a medical condition', 'Photograph']);
    expect(missingNamedBy('Payment required')).toBeNull();
  });
});
