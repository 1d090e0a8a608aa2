import { useEffect, useRef, useState } from 'react';

// The microphone level meter: a Web Audio AnalyserNode on the microphone track, read every
// animation frame, published about ten times a second.

const PUBLISH_MS = 100;
const FLOOR_DB = -60;
const RANGE_DB = 50;

export interface MicLevel {
  /** 0–1. */
  level: number;
  /** The browser holds audio until the user interacts with the page. */
  suspended: boolean;
  resume: () => void;
}

export function useMicLevel(stream: MediaStream | null): MicLevel {
  const [level, setLevel] = useState(0);
  const [suspended, setSuspended] = useState(false);
  const contextRef = useRef<AudioContext | null>(null);

  useEffect(() => {
    setLevel(0);
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined')
      return;
    const context = new AudioContext();
    contextRef.current = context;
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let lastPublished = 0;
    let peak = 0;

    const tick = (now: number) => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      const db = 20 * Math.log10(rms || 1e-8);
      const value = Math.min(1, Math.max(0, (db - FLOOR_DB) / RANGE_DB));
      // Rise at once, fall gently, so short sounds stay visible.
      peak = Math.max(value, peak * 0.9);
      if (now - lastPublished >= PUBLISH_MS) {
        lastPublished = now;
        setLevel(peak);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);

    const onState = () => setSuspended(context.state === 'suspended');
    context.addEventListener('statechange', onState);
    onState();
    context
      .resume()
      .catch(() => undefined)
      .finally(onState);

    return () => {
      cancelAnimationFrame(frame);
      context.removeEventListener('statechange', onState);
      source.disconnect();
      contextRef.current = null;
      void context.close().catch(() => undefined);
    };
  }, [stream]);

  return {
    level,
    suspended,
    resume: () => void contextRef.current?.resume().catch(() => undefined),
  };
}
