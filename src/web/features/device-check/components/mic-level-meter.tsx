import { Button } from '@/components/ui/button';
import type { MicLevel } from '../hooks/use-mic-level';

/** The microphone's level as a bar (role meter), with a start button if audio is held. */
export function MicLevelMeter({ mic, active }: { mic: MicLevel; active: boolean }) {
  const percent = active ? Math.round(mic.level * 100) : 0;
  return (
    <div className="grid gap-2">
      {/* The native meter speaks to assistive technology; the bar beside it is drawn. */}
      <meter className="sr-only" min={0} max={100} value={percent} aria-label="Microphone level">
        {percent}%
      </meter>
      <div
        aria-hidden="true"
        className="h-3 w-full overflow-hidden rounded-full border border-slate-400 bg-muted"
      >
        <div
          className="h-full rounded-full bg-green-600 transition-[width] duration-100"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {active
          ? 'Say a few words: the bar should move with your voice.'
          : 'The meter starts once the microphone is on.'}
      </p>
      {active && mic.suspended && (
        <Button variant="outline" size="sm" className="w-fit" onClick={mic.resume}>
          Start the level meter
        </Button>
      )}
    </div>
  );
}
