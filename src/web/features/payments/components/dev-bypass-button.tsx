import { FlaskConical } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import type { ApplicationType } from '../../../../shared/fees';
import { useDevBypass } from '../api/dev-bypass';

/** Skips the charge outside production (ruling 10); goes to the dashboard like a payment. */
export function DevBypassButton({ type, disabled }: { type: ApplicationType; disabled?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { run, pending } = useDevBypass(() => navigate('/patient/dashboard'));
  return (
    <div className="grid gap-1 border-t border-dashed border-border pt-4">
      <Button
        variant="outline"
        className="h-auto min-h-10 whitespace-normal"
        disabled={disabled || pending}
        onClick={() => run(type)}
        aria-describedby="dev-bypass-hint"
      >
        <FlaskConical aria-hidden="true" />
        {t('payment.bypass.button')}
      </Button>
      <p id="dev-bypass-hint" className="text-xs text-muted-foreground">
        {t('payment.bypass.hint')}
      </p>
    </div>
  );
}
