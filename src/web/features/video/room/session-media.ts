import { type CallQuality, stopStream } from '@/features/device-check/lib/camera';
import { saveDevicePreference } from '@/features/device-check/lib/device-preferences';
import type { ClientRoomMessage } from '../../../../shared/room-messages';
import { CALL_MESSAGES, CALL_TIMERS } from './call-rules';
import type { CallToast } from './call-types';
import { isCancelled, openDevice, openScreen } from './local-media';
import type { PeerMesh } from './peer-mesh';

// This participant's media in the call: camera and microphone on/off (track.enabled, §4 camera
// state sent to the others 1 s after a toggle, §9), device changes (a new track swapped into
// every connection, remembered per kind), the speaker (setSinkId, applied by the view) and
// the screen share (swapped in for the camera on every connection, §4 one at a time).

interface SessionMediaOptions {
  quality: CallQuality;
  mesh: PeerMesh;
  send: (message: ClientRoomMessage) => void;
  onChange: () => void;
  onToast: (toast: CallToast) => void;
}

export class SessionMedia {
  localStream: MediaStream | null = null;
  screenStream: MediaStream | null = null;
  cameraOn = true;
  micOn = true;
  audioOutputId: string | null = null;
  /** sharing-toggle true was sent and not yet taken back. */
  private announcedShare = false;
  private videoOffTimer?: ReturnType<typeof setTimeout>;
  private disposed = false;

  constructor(private readonly options: SessionMediaOptions) {}

  /** The camera and microphone as acquired on joining (null: none, the call goes on). */
  setCamera(stream: MediaStream | null): void {
    this.localStream = stream;
    this.options.mesh.setOutgoing(stream);
    this.options.onChange();
  }

  toggleCamera(): void {
    const track = this.localStream?.getVideoTracks()[0];
    if (!track) return;
    this.cameraOn = !this.cameraOn;
    track.enabled = this.cameraOn;
    clearTimeout(this.videoOffTimer);
    this.videoOffTimer = setTimeout(() => this.sendVideoState(), CALL_TIMERS.videoOffDelayMs);
    this.options.onChange();
  }

  toggleMic(): void {
    const track = this.localStream?.getAudioTracks()[0];
    if (!track) return;
    this.micOn = !this.micOn;
    track.enabled = this.micOn;
    this.options.onChange();
  }

  /** Tells the others the camera state and, while sharing, the share (a newcomer asked). */
  announceState(): void {
    this.sendVideoState();
    if (this.screenStream) {
      this.announcedShare = true;
      this.options.send({ type: 'sharing-toggle', flag: true });
    }
  }

  async chooseDevice(kind: MediaDeviceKind, device: MediaDeviceInfo): Promise<void> {
    if (kind === 'audiooutput') {
      this.audioOutputId = device.deviceId;
      saveDevicePreference(kind, device);
      this.options.onChange();
      return;
    }
    let track: MediaStreamTrack;
    try {
      track = await openDevice(kind, device.deviceId, this.options.quality);
    } catch {
      this.options.onToast({
        title: CALL_MESSAGES.deviceErrorTitle,
        description:
          kind === 'videoinput' ? CALL_MESSAGES.videoDeviceError : CALL_MESSAGES.deviceError,
        variant: 'destructive',
      });
      return;
    }
    if (this.disposed) {
      track.stop();
      return;
    }
    saveDevicePreference(kind, device);
    const audio = kind === 'audioinput';
    track.enabled = audio ? this.micOn : this.cameraOn;
    const old = audio
      ? this.localStream?.getAudioTracks()[0]
      : this.localStream?.getVideoTracks()[0];
    // A new stream object: whoever records or shows the old one starts afresh with this one.
    const kept = this.localStream?.getTracks().filter((t) => t !== old) ?? [];
    this.localStream = new MediaStream([...kept, track]);
    old?.stop();
    const { mesh } = this.options;
    mesh.setOutgoingStream(this.localStream);
    if (audio) await mesh.replaceTrack('audio', track);
    else if (!this.screenStream) await mesh.replaceTrack('video', track);
    this.options.send({ type: 'device-switch', kind });
    this.options.onChange();
  }

  async toggleShare(): Promise<void> {
    if (this.screenStream) {
      this.stopShare(true);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await openScreen();
    } catch (error) {
      if (!isCancelled(error))
        this.options.onToast({
          title: 'Screen sharing failed',
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
      return;
    }
    const track = stream.getVideoTracks()[0];
    if (this.disposed || !track) {
      stopStream(stream);
      return;
    }
    this.screenStream = stream;
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener('ended', () => {
      if (this.screenStream === stream) this.stopShare(true);
    });
    await this.options.mesh.replaceTrack('video', track);
    this.announcedShare = true;
    this.options.send({ type: 'sharing-toggle', flag: true });
    this.options.onChange();
  }

  /** Back to the camera; `announce` false when the server refused the share. */
  stopShare(announce: boolean): void {
    const stream = this.screenStream;
    if (!stream) return;
    this.screenStream = null;
    stopStream(stream);
    void this.options.mesh.replaceTrack('video', this.localStream?.getVideoTracks()[0] ?? null);
    if (announce && this.announcedShare) this.options.send({ type: 'sharing-toggle', flag: false });
    this.announcedShare = false;
    this.options.onChange();
  }

  dispose(): void {
    if (this.disposed) return;
    clearTimeout(this.videoOffTimer);
    if (this.screenStream && this.announcedShare)
      this.options.send({ type: 'sharing-toggle', flag: false });
    stopStream(this.screenStream);
    stopStream(this.localStream);
    this.disposed = true;
  }

  /** video-off: videoFlag true means the camera is off. */
  private sendVideoState(): void {
    this.options.send({ type: 'video-off', videoFlag: !this.cameraOn });
  }
}
