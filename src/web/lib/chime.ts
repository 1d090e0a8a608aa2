// The page's sound cue, shared by the patient's queue (a physician came on duty) and the staff
// console (a patient joined the waiting room).

/** A short two-note chime from the Web Audio API (no audio file to fetch). */
export function chime(): void {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.18);
      osc.stop(start + i * 0.18 + 0.32);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // Audio blocked (no user gesture yet): the notification and the page still say it.
  }
}

/** Whether this browser has the Notification API at all. */
export const notificationsSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window;
