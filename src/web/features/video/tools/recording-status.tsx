import type { RecordingState } from './use-recording';

/**
 * What everyone in the call sees while a recording is on, and what the host sees while the
 * patient decides. Status messages, so screen readers announce them.
 */
export function RecordingStatus({ recording }: { recording: RecordingState }) {
  return (
    <div className="pointer-events-none fixed top-3 left-1/2 z-50 flex max-w-[calc(100vw-1.5rem)] -translate-x-1/2 flex-col items-center gap-2">
      <div role="status">
        {recording.recordingId && (
          <span className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white shadow-lg">
            <span aria-hidden="true" className="relative flex size-2.5">
              <span className="absolute inline-flex size-full rounded-full bg-white opacity-75 motion-safe:animate-ping" />
              <span className="relative inline-flex size-2.5 rounded-full bg-white" />
            </span>
            Recording
          </span>
        )}
      </div>
      <div role="status">
        {recording.waitingForConsent && (
          <span className="inline-flex rounded-full bg-slate-900/90 px-3 py-1 text-center text-sm text-white shadow-lg">
            Waiting for the patient&apos;s consent…
          </span>
        )}
      </div>
    </div>
  );
}
