import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <title>{t('layout.notFound.title')}</title>
      <h1 className="text-2xl font-bold">{t('layout.notFound.title')}</h1>
      <p className="text-muted-foreground">{t('layout.notFound.text')}</p>
      <Button asChild>
        <Link to="/">{t('layout.notFound.home')}</Link>
      </Button>
    </div>
  );
}
