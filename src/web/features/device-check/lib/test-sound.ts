// 'Play test sound': a short two-tone beep from an OscillatorNode, played through the chosen
// speaker where the browser can route audio (setSinkId).

type SinkAudioContext = AudioContext & { setSinkId?: (sinkId: string) => Promise<void> };

const TONES = [
  { frequency: 660, start: 0, length: 0.25 },
  { frequency: 880, start: 0.3, length: 0.35 },
];
const TOTAL_SECONDS = 0.7;

/** True when this page may pick the speaker: a secure page in a browser with setSinkId. */
export const canChooseAudioOutput = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  typeof HTMLMediaElement !== 'undefined' &&
  'setSinkId' in HTMLMediaElement.prototype;

export async function playTestSound(sinkId: string | null): Promise<void> {
  const ctx: SinkAudioContext = new AudioContext();
  try {
    await ctx.resume();
    const gain = ctx.createGain();
    gain.gain.value = 0;
    let element: HTMLAudioElement | null = null;

    if (sinkId && canChooseAudioOutput() && typeof ctx.setSinkId === 'function') {
      await ctx.setSinkId(sinkId === 'default' ? '' : sinkId);
      gain.connect(ctx.destination);
    } else if (sinkId && canChooseAudioOutput()) {
      // Browsers without AudioContext.setSinkId route through a media element instead.
      const destination = ctx.createMediaStreamDestination();
      gain.connect(destination);
      element = new Audio();
      element.srcObject = destination.stream;
      await element.setSinkId(sinkId === 'default' ? '' : sinkId);
      await element.play();
    } else {
      gain.connect(ctx.destination);
    }

    const t0 = ctx.currentTime + 0.05;
    for (const tone of TONES) {
      const oscillator = ctx.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.frequency;
      oscillator.connect(gain);
      const start = t0 + tone.start;
      const end = start + tone.length;
      gain.gain.setValueAtTime(0, start);
      gain.gain.linearRampToValueAtTime(0.25, start + 0.02);
      gain.gain.setValueAtTime(0.25, end - 0.04);
      gain.gain.linearRampToValueAtTime(0, end);
      oscillator.start(start);
      oscillator.stop(end);
    }
    await new Promise((resolve) => setTimeout(resolve, (TOTAL_SECONDS + 0.15) * 1000));
    if (element) {
      element.pause();
      element.srcObject = null;
    }
  } finally {
    await ctx.close().catch(() => undefined);
  }
}
