import { describe, expect, it } from 'vitest';
import { SNIPPET_MATCH_END as E, SNIPPET_MATCH_START as S } from './schemas/transcription.js';
import {
  billableContent,
  containsWholeWords,
  durationMinutes,
  findConditions,
  keyFindings,
  splitSnippet,
} from './transcription.js';

describe('containsWholeWords', () => {
  it('matches whole words, case-insensitively, across spaces and line breaks', () => {
    expect(containsWholeWords('Reports CHRONIC   pain daily', 'chronic pain')).toBe(true);
    expect(containsWholeWords('chronic\npain', 'Chronic pain')).toBe(true);
    expect(containsWholeWords('Painful joints', 'pain')).toBe(false);
    expect(containsWholeWords('sprain', 'pain')).toBe(false);
    expect(containsWholeWords('pain.', 'pain')).toBe(true);
    expect(containsWholeWords('(pain)', 'pain')).toBe(true);
  });

  it('treats codes as words: G35 is not G35.1 nor G350', () => {
    expect(containsWholeWords('Dx: G35.', 'G35')).toBe(true);
    expect(containsWholeWords('Dx: G35.1', 'G35')).toBe(false);
    expect(containsWholeWords('Dx: G350', 'G35')).toBe(false);
    expect(containsWholeWords('code g89.29 noted', 'G89.29')).toBe(true);
    expect(containsWholeWords('code G89.291', 'G89.29')).toBe(false);
  });

  it('reads curly apostrophes as straight ones and escapes pattern characters', () => {
    expect(containsWholeWords('History of Crohn’s disease', "Crohn's disease")).toBe(true);
    expect(containsWholeWords('a+b', 'a+b')).toBe(true);
    expect(containsWholeWords('anything', '   ')).toBe(false);
  });
});

describe('findConditions', () => {
  it('finds qualifying conditions by description, abbreviation or code, in list order', () => {
    expect(
      findConditions(['Patient has ptsd and glaucoma.', 'Also M62.838 noted; epileptic? no']),
    ).toEqual([
      { icdCode: 'F43.10', description: 'Post-traumatic stress disorder (PTSD)' },
      { icdCode: 'H40.9', description: 'Glaucoma' },
      { icdCode: 'M62.838', description: 'Severe muscle spasms' },
    ]);
    expect(findConditions(['post-traumatic stress disorder'])).toHaveLength(1);
    expect(findConditions(['Nothing qualifying here.'])).toEqual([]);
  });
});

describe('keyFindings', () => {
  it('lists conditions found, then keyword terms found, each once', () => {
    const result = keyFindings(
      ['Chronic pain in the lower back; insomnia most nights.', 'Insomnia again. G89.29'],
      [
        { term: 'insomnia', category: 'symptom' },
        { term: 'Appetite' },
        { term: 'chronic pain' }, // names a condition already found
        { term: 'INSOMNIA' }, // a duplicate in another case
        { term: 'back' },
      ],
    );
    expect(result.keyFindings).toEqual(['Chronic pain (G89.29)', 'back', 'insomnia']);
    expect(result.conditions).toEqual([{ icdCode: 'G89.29', description: 'Chronic pain' }]);
  });

  it('finds nothing in an empty text', () => {
    expect(keyFindings([''], [{ term: 'pain' }])).toEqual({ keyFindings: [], conditions: [] });
  });
});

describe('billableContent', () => {
  it('adds the conditions found to the application’s, once each, and bills a recorded outcome', () => {
    expect(
      billableContent({
        durationSeconds: 15 * 60 + 40,
        outcome: 'approved',
        applicationConditions: [
          { icdCode: 'G89.29', description: 'Chronic pain' },
          { icdCode: null, description: 'Migraines' },
        ],
        foundConditions: [
          { icdCode: 'G89.29', description: 'Chronic pain' },
          { icdCode: 'F41.9', description: 'Anxiety disorder' },
        ],
      }),
    ).toEqual({
      durationMinutes: 16,
      conditions: [
        { icdCode: 'G89.29', description: 'Chronic pain' },
        { icdCode: null, description: 'Migraines' },
        { icdCode: 'F41.9', description: 'Anxiety disorder' },
      ],
      outcome: 'approved',
      billable: true,
    });
  });

  it('is not billable without an outcome or under half a minute', () => {
    const base = { applicationConditions: [], foundConditions: [] };
    expect(billableContent({ ...base, durationSeconds: 600, outcome: null })).toMatchObject({
      durationMinutes: 10,
      outcome: null,
      billable: false,
    });
    expect(billableContent({ ...base, durationSeconds: 29, outcome: 'not_approved' })).toEqual({
      durationMinutes: 0,
      conditions: [],
      outcome: 'not_approved',
      billable: false,
    });
    expect(
      billableContent({ ...base, durationSeconds: 30, outcome: 'not_approved' }).billable,
    ).toBe(true);
    expect(durationMinutes(null)).toBe(0);
  });
});

describe('splitSnippet', () => {
  it('cuts a headline into text and matches', () => {
    expect(splitSnippet(`Daily ${S}headache${E} since May; ${S}headaches${E}`)).toEqual([
      { text: 'Daily ', match: false },
      { text: 'headache', match: true },
      { text: ' since May; ', match: false },
      { text: 'headaches', match: true },
    ]);
    expect(splitSnippet('no match')).toEqual([{ text: 'no match', match: false }]);
    expect(splitSnippet('')).toEqual([]);
  });
});
