import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';

/** Last resort for a render error or a chunk that failed to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="flex min-h-dvh flex-col">
        <NotFoundPage />
      </main>
    );
  }
  console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>Something went wrong</title>
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        The page could not be shown. Reloading usually fixes this.
      </p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}
