import { describe, expect, it } from 'vitest';
import { cameraConstraints } from '@/features/device-check/lib/camera';
import { departureNotice, initialOf, layoutFor, tokenIsFresh } from './call-rules';
import { deviceConstraints } from './local-media';

describe('tokenIsFresh', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  it('uses a token with more than the margin left', () => {
    expect(tokenIsFresh('2025-01-01T12:30:00Z', now)).toBe(true);
  });
  it('renews one about to expire, expired or unreadable', () => {
    expect(tokenIsFresh('2025-01-01T12:00:30Z', now)).toBe(false);
    expect(tokenIsFresh('2025-01-01T11:00:00Z', now)).toBe(false);
    expect(tokenIsFresh('not a date', now)).toBe(false);
  });
});

describe('initialOf and layoutFor', () => {
  it('takes the first letter, upper-cased', () => {
    expect(initialOf(' morgan Lee')).toBe('M');
    expect(initialOf('')).toBe('?');
    expect(initialOf(null)).toBe('?');
  });
  it('shows two panes for a 1:1 call and a grid from three people', () => {
    expect(layoutFor(0)).toBe('pair');
    expect(layoutFor(1)).toBe('pair');
    expect(layoutFor(2)).toBe('grid');
  });
});

describe('camera constraints (§9)', () => {
  it('asks 640x480 for the simple call and ideal 1280x720 elsewhere', () => {
    const none = { audioinput: null, videoinput: null };
    expect(cameraConstraints('simple', none)).toEqual({
      audio: true,
      video: { width: { ideal: 640 }, height: { ideal: 480 } },
    });
    expect(cameraConstraints('hd', none).video).toEqual({
      width: { ideal: 1280 },
      height: { ideal: 720 },
    });
  });

  it('prefers the remembered devices without requiring them', () => {
    const c = cameraConstraints('hd', { audioinput: 'mic-1', videoinput: 'cam-2' });
    expect(c.audio).toEqual({ deviceId: { ideal: 'mic-1' } });
    expect(c.video).toMatchObject({ deviceId: { ideal: 'cam-2' } });
  });

  it('requires the device the user picked when switching', () => {
    expect(deviceConstraints('audioinput', 'mic-9', 'hd')).toEqual({
      audio: { deviceId: { exact: 'mic-9' } },
    });
    expect(deviceConstraints('videoinput', 'cam-9', 'simple').video).toMatchObject({
      deviceId: { exact: 'cam-9' },
      width: { ideal: 640 },
    });
  });
});

describe('departureNotice', () => {
  it('tells the patient the physician may come back and the consultation goes on', () => {
    const text = departureNotice('doctor', 'patient');
    expect(text).toMatch(/physician left the call — they may rejoin/);
    expect(text).toMatch(/has not ended/);
    expect(text).not.toMatch(/call ended/i);
  });
  it('tells staff the patient may come back', () => {
    expect(departureNotice('patient', 'doctor')).toBe(
      'The patient left the call — they may rejoin.',
    );
  });
});
