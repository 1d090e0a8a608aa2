import type { FieldSpecs } from '@/components/form/use-form-feedback';
import type { KeywordInput } from '../../../../shared/schemas/transcription';

/**
 * The keyword form's fields for its error summary. A duplicate (409 "That keyword is already
 * in the list") names the Keyword field, so it shows there.
 */
export const keywordFieldSpecs = (idPrefix: string): FieldSpecs<KeywordInput> => ({
  term: { label: 'Keyword', id: `${idPrefix}-term` },
  category: { label: 'Category (optional)', id: `${idPrefix}-category` },
});
