import { describe, expect, it } from 'vitest';
import { msg } from '../../shared/i18n/message-key.js';
import { translate, translateText } from './translate.js';

describe('the server translator', () => {
  it('answers a key in each language', () => {
    expect(translate('en', 'errors.language.unknown')).toBe('Choose English (en) or Spanish (es)');
    expect(translate('es', 'errors.language.unknown')).toBe('Elija inglés (en) o español (es)');
  });

  it('translates a message by key and leaves any other text alone', () => {
    expect(translateText('es', msg('common.language.notSaved'))).toBe(
      'No pudimos guardar su idioma. Inténtelo de nuevo.',
    );
    expect(translateText('es', 'Invalid request')).toBe('Invalid request');
  });
});
