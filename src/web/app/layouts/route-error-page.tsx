import { useLingui } from '@lingui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

/** Last resort for a render error or a chunk that failed to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { i18n } = useLingui();
  // The root loader's first step is the language's catalog: when that very chunk failed, no
  // language is active and nothing can be said by key. The page is then English, as the
  // document it stands in (index.html) is.
  if (i18n.locale && isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="flex min-h-dvh flex-col">
        <NotFoundPage />
      </main>
    );
  }
  console.error(error);
  return i18n.locale ? <ErrorPage /> : <CatalogMissingPage />;
}

function ErrorPage() {
  const t = useT();
  return (
    <Frame
      title={t('layout.error.title')}
      text={t('layout.error.text')}
      reload={t('layout.error.reload')}
    />
  );
}

function CatalogMissingPage() {
  return (
    <Frame
      title="Something went wrong"
      text="The page could not be shown. Reloading usually fixes this."
      reload="Reload the page"
    />
  );
}

function Frame({ title, text, reload }: { title: string; text: string; reload: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{title}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button onClick={() => window.location.reload()}>{reload}</Button>
    </main>
  );
}
