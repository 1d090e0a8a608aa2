import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { BRAND_NAME } from '@/lib/brand';

/**
 * The ten recovery codes, shown once after enrolment (issue 13): copy or download them,
 * confirm they are saved, then continue to the console.
 */
export function RecoveryCodesPanel({
  codes,
  onContinue,
}: {
  codes: string[];
  onContinue: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  const text = `${BRAND_NAME} recovery codes\nEach code works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'okmmj-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="recovery-codes-title" className="text-lg font-semibold">
          Save your recovery codes
        </h2>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each of these codes signs you in once. They are shown only now:
          keep them somewhere safe, away from your phone.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" /> Download
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id={checkboxId} checked={saved} onCheckedChange={(v) => setSaved(v === true)} />
        <Label htmlFor={checkboxId} className="leading-5">
          I have saved these codes
        </Label>
      </div>
      <Button onClick={onContinue} disabled={!saved}>
        Continue
      </Button>
    </section>
  );
}
