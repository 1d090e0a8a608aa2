import { AlertCircle } from 'lucide-react';
import { type MouseEvent, useEffect } from 'react';
import { useT, useTr } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import type { FormErrorItem, FormFeedbackState } from './use-form-feedback';

/** Focuses and shows a field; a Radix control's id sits on its button, so this works there too. */
export function focusField(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
}

/** The first listed field that is on the page, in document order. */
function firstOnPage(items: FormErrorItem[]): string | undefined {
  const present = items
    .map((i) => document.getElementById(i.id))
    .filter((el): el is HTMLElement => el !== null);
  present.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return present[0]?.id;
}

/**
 * The list of a form's problems at its top, each a link to its field. It is a live region
 * (role="alert"), so a screen reader hears the whole list when a submit fails, and on every
 * failed submit focus moves to the first field that is wrong.
 */
export function FormErrorSummary({
  feedback,
  className,
}: {
  feedback: FormFeedbackState;
  className?: string;
}) {
  const { items, attempt } = feedback;
  const t = useT();
  const tr = useTr();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new failed attempt moves focus, not each fix
  useEffect(() => {
    if (attempt === 0) return;
    const id = firstOnPage(items);
    if (id) focusField(id);
  }, [attempt]);

  const follow = (event: MouseEvent, id: string) => {
    event.preventDefault();
    focusField(id);
  };

  return (
    <div role="alert" aria-atomic="true" className={cn(items.length === 0 && 'hidden', className)}>
      {items.length > 0 && (
        <div className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
            {t('common.form.fixProblems', { count: items.length })}
          </p>
          <ul className="mt-2 grid gap-1 pl-6">
            {items.map((item) => (
              <li key={item.id} className="list-disc break-words text-destructive">
                <a
                  href={`#${item.id}`}
                  onClick={(e) => follow(e, item.id)}
                  className="underline underline-offset-2 hover:no-underline"
                >
                  {item.label}: {tr(item.message)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
