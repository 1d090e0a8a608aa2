import { Languages } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LANGUAGE_NAMES, type Language } from '../../shared/i18n/languages';

/**
 * The patient's language beside their name on staff screens (issue 24): a Spanish speaker is
 * flagged "Español"; English, the default, is not marked. Staff screens are in English, so the
 * screen reader hears "Speaks Spanish".
 */
export function PatientLanguageBadge({ language }: { language: Language | null | undefined }) {
  if (language !== 'es') return null;
  return (
    <Badge variant="secondary" title="Speaks Spanish" data-patient-language={language}>
      <Languages aria-hidden="true" className="size-3" />
      <span className="sr-only">Speaks Spanish</span>
      <span aria-hidden="true" lang="es">
        {LANGUAGE_NAMES.es}
      </span>
    </Badge>
  );
}
