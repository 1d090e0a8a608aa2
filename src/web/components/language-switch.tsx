import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useLanguage } from '@/lib/i18n/use-language';
import { useT } from '@/lib/i18n/use-t';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages';

/**
 * English | Español (issue 24), on every patient page and on sign-in. Each language is named in
 * itself, and marked with its own `lang` so a screen reader says it rightly.
 */
export function LanguageSwitch() {
  const { language, choose } = useLanguage();
  const t = useT();
  // Said once a choice is made, in the new language (a screen reader user hears it worked).
  const [switched, setSwitched] = useState(false);
  const pick = (next: (typeof LANGUAGES)[number]) =>
    choose(next).then(
      () => setSwitched(true),
      () => toast({ variant: 'destructive', title: t('common.language.notSaved') }),
    );
  return (
    <fieldset className="flex items-center rounded-md border border-border p-0.5 text-sm">
      <legend className="sr-only">{t('common.language.switchLabel')}</legend>
      {/* A live region without the status role: pages keep their one status for their own news. */}
      <span aria-live="polite" className="sr-only">
        {switched ? t('common.language.changed') : ''}
      </span>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          onClick={() => void pick(option)}
          className="min-h-9 rounded px-2 font-medium text-slate-700 aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}
