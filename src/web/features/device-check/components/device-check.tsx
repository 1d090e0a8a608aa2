import { AlertTriangle, Camera, Mic, RefreshCw, VideoOff, Volume2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCameraAndMicrophone } from '../hooks/use-camera-and-microphone';
import { useMediaDevices } from '../hooks/use-media-devices';
import { useMicLevel } from '../hooks/use-mic-level';
import { type DeviceChoice, preferredDevices, trackDeviceId } from '../lib/camera';
import {
  type DeviceKind,
  loadDevicePreference,
  matchPreference,
  saveDevicePreference,
} from '../lib/device-preferences';
import { canChooseAudioOutput, playTestSound } from '../lib/test-sound';
import { DeviceSelect } from './device-select';
import { MicLevelMeter } from './mic-level-meter';
import { currentOutput, SpeakerSelect } from './speaker-select';

// The Live Demo (ruling 9: the "coming soon" tab made real) and /video-demo: a real check
// of this computer's camera, microphone and speaker before a video consultation. Nothing
// leaves the browser.

export function DeviceCheck({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const [requested, setRequested] = useState<DeviceChoice>(preferredDevices);
  const [attempt, setAttempt] = useState(0);
  const media = useCameraAndMicrophone(requested.audioinput, requested.videoinput, attempt);
  const stream = media.status === 'ready' ? media.stream : null;
  const devices = useMediaDevices(stream);
  const mic = useMicLevel(stream);
  const [outputId, setOutputId] = useState<string | null>(
    () => loadDevicePreference('audiooutput')?.deviceId ?? null,
  );
  const [playing, setPlaying] = useState(false);
  const outputSelectable = canChooseAudioOutput();

  // A remembered device whose id changed is found again by its group.
  useEffect(() => {
    for (const kind of ['audioinput', 'videoinput'] as const) {
      const preference = loadDevicePreference(kind);
      const match = matchPreference(devices[kind], preference);
      if (preference && match && match.deviceId !== preference.deviceId) {
        saveDevicePreference(kind, match);
        setRequested((current) => ({ ...current, [kind]: match.deviceId }));
      }
    }
  }, [devices]);

  const choose = (kind: DeviceKind, deviceId: string) => {
    const device = devices[kind].find((d) => d.deviceId === deviceId);
    if (!device) return;
    saveDevicePreference(kind, device);
    if (kind === 'audiooutput') setOutputId(deviceId);
    else setRequested((current) => ({ ...current, [kind]: deviceId }));
  };

  const output = currentOutput(devices.audiooutput, outputId);

  const playSound = async () => {
    setPlaying(true);
    try {
      await playTestSound(outputSelectable ? (output?.deviceId ?? null) : null);
    } catch (error) {
      toast({
        title: 'Could not play the test sound',
        description:
          error instanceof Error && error.message ? error.message : 'Check your speaker settings.',
        variant: 'destructive',
      });
    } finally {
      setPlaying(false);
    }
  };

  const videoRef = useCallback(
    (video: HTMLVideoElement | null) => {
      if (video && video.srcObject !== stream) video.srcObject = stream;
    },
    [stream],
  );

  const cameraLabel = stream?.getVideoTracks()[0]?.label;
  const micLabel = stream?.getAudioTracks()[0]?.label;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-3">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-900">
          {stream ? (
            <video
              ref={videoRef}
              autoPlay
              muted
              playsInline
              aria-label="Your camera preview (mirrored)"
              className="size-full -scale-x-100 object-cover"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-100">
              <VideoOff aria-hidden="true" className="size-8" />
              {media.status === 'starting'
                ? 'Starting your camera and microphone...'
                : 'Camera preview unavailable'}
            </div>
          )}
        </div>
        {media.status === 'error' && (
          <div
            role="alert"
            className="grid gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900"
          >
            <p className="flex items-start gap-2 font-medium">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {media.message}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setAttempt((n) => n + 1)}
            >
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        )}
        <ul className="grid gap-1 text-sm" aria-label="Device status">
          <li className="flex items-start gap-2">
            <Camera aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="min-w-0 break-words">
              Camera: {cameraLabel ? `working (${cameraLabel})` : 'not on'}
            </span>
          </li>
          <li className="flex items-start gap-2">
            <Mic aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="min-w-0 break-words">
              Microphone: {micLabel ? `working (${micLabel})` : 'not on'}
            </span>
          </li>
        </ul>
      </div>

      <div className="grid content-start gap-6">
        <section aria-labelledby="device-check-devices" className="grid gap-4">
          <Heading id="device-check-devices" className="text-base font-semibold">
            Devices
          </Heading>
          <DeviceSelect
            id="device-camera"
            label="Camera"
            kind="videoinput"
            devices={devices.videoinput}
            value={trackDeviceId(stream, 'video') ?? requested.videoinput ?? ''}
            onChange={(id) => choose('videoinput', id)}
            emptyLabel="No camera available"
          />
          <DeviceSelect
            id="device-microphone"
            label="Microphone"
            kind="audioinput"
            devices={devices.audioinput}
            value={trackDeviceId(stream, 'audio') ?? requested.audioinput ?? ''}
            onChange={(id) => choose('audioinput', id)}
            emptyLabel="No microphone available"
          />
          <SpeakerSelect
            id="device-speaker"
            outputs={devices.audiooutput}
            value={output?.deviceId ?? ''}
            onChange={(id) => choose('audiooutput', id)}
          />
        </section>

        <section aria-labelledby="device-check-microphone" className="grid gap-2">
          <Heading id="device-check-microphone" className="text-base font-semibold">
            Microphone test
          </Heading>
          <MicLevelMeter mic={mic} active={stream !== null} />
        </section>

        <section aria-labelledby="device-check-speaker" className="grid gap-2">
          <Heading id="device-check-speaker" className="text-base font-semibold">
            Speaker test
          </Heading>
          <p className="text-sm text-muted-foreground">
            You should hear two short beeps from the chosen speaker.
          </p>
          <Button variant="outline" className="w-fit" onClick={playSound} disabled={playing}>
            <Volume2 aria-hidden="true" />
            {playing ? 'Playing...' : 'Play test sound'}
          </Button>
        </section>
      </div>
    </div>
  );
}
