import { describe, expect, it } from 'vitest';
import { RecordingController } from './recording-controller';

const stream = (id: string) => ({ id }) as unknown as MediaStream;

function harness(canRecord = true) {
  const log: string[] = [];
  const controller = new RecordingController((s, type, recordingId) => {
    log.push(`start ${type} ${s.id} ${recordingId}`);
    if (!canRecord) return null;
    return {
      stop: async () => {
        log.push(`stop ${type} ${s.id} ${recordingId}`);
      },
    };
  });
  return { controller, log };
}

describe('RecordingController', () => {
  const cam = stream('cam');
  const screen = stream('screen');

  it('records nothing without a recording or without devices', () => {
    const { controller, log } = harness();
    controller.update({ recordingId: null, video: cam, screen });
    controller.update({ recordingId: 'r1', video: null, screen: null });
    expect(log).toEqual([]);
  });

  it('records the camera and an active screen share, and stops both on stop', async () => {
    const { controller, log } = harness();
    controller.update({ recordingId: 'r1', video: cam, screen });
    controller.update({ recordingId: 'r1', video: cam, screen }); // no change: nothing new
    expect(controller.recording).toEqual(['video', 'screen']);
    controller.update({ recordingId: null, video: cam, screen });
    await controller.settled();
    expect(log).toEqual([
      'start video cam r1',
      'start screen screen r1',
      'stop video cam r1',
      'stop screen screen r1',
    ]);
  });

  it('starts a screen recorder when sharing starts during a recording and stops it when it ends', async () => {
    const { controller, log } = harness();
    controller.update({ recordingId: 'r1', video: cam, screen: null });
    controller.update({ recordingId: 'r1', video: cam, screen });
    controller.update({ recordingId: 'r1', video: cam, screen: null });
    await controller.settled();
    expect(log).toEqual(['start video cam r1', 'start screen screen r1', 'stop screen screen r1']);
    expect(controller.recording).toEqual(['video']);
  });

  it('starts a new file when the stream is replaced or a new recording begins', async () => {
    const { controller, log } = harness();
    const cam2 = stream('cam2');
    controller.update({ recordingId: 'r1', video: cam, screen: null });
    controller.update({ recordingId: 'r1', video: cam2, screen: null });
    controller.update({ recordingId: 'r2', video: cam2, screen: null });
    await controller.stopAll();
    expect(log).toEqual([
      'start video cam r1',
      'stop video cam r1',
      'start video cam2 r1',
      'stop video cam2 r1',
      'start video cam2 r2',
      'stop video cam2 r2',
    ]);
  });

  it('does not retry a browser that cannot record on every update', () => {
    const { controller, log } = harness(false);
    controller.update({ recordingId: 'r1', video: cam, screen: null });
    controller.update({ recordingId: 'r1', video: cam, screen: null });
    expect(log).toEqual(['start video cam r1']);
    expect(controller.recording).toEqual([]);
  });
});
