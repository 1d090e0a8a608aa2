import { describe, expect, it } from 'vitest';
import {
  CATEGORY_DEFINITIONS,
  DOCUMENT_CATEGORIES,
  QUEUE_REQUIRED_DOCUMENTS,
  requiredDocumentsProgress,
} from './documents.js';

// Issue 21: one definition of which documents are required (the queue's), read by the upload
// center's badges, the wizard and the server; progress is counted against it, in words.

describe('required documents', () => {
  it('are exactly the queue’s: ID, proof of residency and photo; medical records are optional', () => {
    const required = DOCUMENT_CATEGORIES.filter((c) => CATEGORY_DEFINITIONS[c].required);
    expect(required).toEqual(
      [...QUEUE_REQUIRED_DOCUMENTS].sort(
        (a, b) => DOCUMENT_CATEGORIES.indexOf(a) - DOCUMENT_CATEGORIES.indexOf(b),
      ),
    );
    expect(CATEGORY_DEFINITIONS.medical_records.required).toBe(false);
  });

  it('progress counts the required ones only and names what is still needed', () => {
    expect(requiredDocumentsProgress([]).sentence).toBe(
      '0 of 3 required documents uploaded. Still needed: Government-Issued ID, Proof of Oklahoma Residency, Photograph.',
    );
    expect(
      requiredDocumentsProgress(['medical_records', 'government_id', 'reduced_fee_proof']).sentence,
    ).toBe(
      '1 of 3 required documents uploaded. Still needed: Proof of Oklahoma Residency, Photograph.',
    );
    expect(
      requiredDocumentsProgress(['government_id', 'proof_of_residency', 'photo']),
    ).toMatchObject({
      uploaded: 3,
      total: 3,
      missing: [],
      sentence: 'All 3 required documents are uploaded.',
    });
  });
});
