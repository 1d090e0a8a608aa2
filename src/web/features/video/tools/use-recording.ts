import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { CreateFile, RecordingConsentRequest } from '../../../../shared/room-messages';
import { DEFAULT_RECORDER_NAME } from '../../../../shared/schemas/video';
import type { RoomChannel, RoomMedia } from '../lib/room-channel';
import { RecordingController } from './recording-controller';
import { httpChunkTransport } from './recording-uploader';
import { startStreamRecording } from './stream-recorder';

// Recording (§4 Recording, §7; consent first). The host asks; each patient in the room is
// asked to consent; once everyone agreed the server tells the room recording is on, and every
// participant with devices records their own camera/microphone (and screen share) and uploads
// it. Stop, and the host leaving, end it the same way.

export interface RecordingState {
  isHost: boolean;
  /** The recording in progress, or null. */
  recordingId: string | null;
  /** The host asked and waits for the patient's consent. */
  waitingForConsent: boolean;
  /** The host asked to stop and waits for the room to confirm. */
  stopping: boolean;
  /** A consent question for this participant (a patient), or null. */
  consentRequest: RecordingConsentRequest | null;
  /** Host: start or stop. */
  toggle: () => void;
  answerConsent: (accepted: boolean) => void;
}

const CREATE_FILE_TIMEOUT_MS = 10_000;
/** A question nobody answers must not leave the button waiting for ever. */
const CONSENT_WAIT_MS = 120_000;
const STOP_WAIT_MS = 10_000;

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function useRecording(channel: RoomChannel | null, media: RoomMedia): RecordingState {
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const [waitingForConsent, setWaitingForConsent] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [consentRequest, setConsentRequest] = useState<RecordingConsentRequest | null>(null);
  const isHost = channel?.room.isHost ?? false;

  // The channel the recorders upload for; read when a recorder starts.
  const channelRef = useRef(channel);
  channelRef.current = channel;
  const controllerRef = useRef<RecordingController | null>(null);
  controllerRef.current ??= new RecordingController((stream, videoType, id) => {
    const current = channelRef.current;
    if (!current) return null;
    return startStreamRecording({
      stream,
      videoType,
      recordingId: id,
      roomId: current.sessionId,
      userName: current.selfName || DEFAULT_RECORDER_NAME,
      isHost: current.room.isHost,
      createFile: (payload) => createFile(current, payload),
      transport: httpChunkTransport,
    });
  });
  const controller = controllerRef.current;

  // Room messages: recording on/off for everyone.
  useEffect(() => {
    if (!channel) return;
    return channel.subscribe(({ message }) => {
      if (message.type !== 'recording') return;
      setWaitingForConsent(false);
      setStopping(false);
      setRecordingId(message.flag ? message.recordingId : null);
      if (message.flag) setConsentRequest(null);
    });
  }, [channel]);

  // The recording's own events.
  useEffect(() => {
    if (!channel) return;
    const { socket, sessionId } = channel;
    const onConsentRequest = (event: RecordingConsentRequest) => {
      if (event?.sessionId !== sessionId || !isString(event.recordingId)) return;
      setConsentRequest(event);
    };
    const onDeclined = (event: { sessionId: string; message: string }) => {
      if (event?.sessionId !== sessionId) return;
      setWaitingForConsent(false);
      toast({
        title: 'Recording not started',
        description: isString(event.message) ? event.message : 'The patient declined.',
        variant: 'destructive',
      });
    };
    const onHostDisconnected = (event: { sessionId: string; recordingId: string }) => {
      if (event?.sessionId !== sessionId) return;
      setRecordingId(null);
      setWaitingForConsent(false);
      setStopping(false);
      setConsentRequest(null);
    };
    socket.on('recording-consent-request', onConsentRequest);
    socket.on('recording-consent-declined', onDeclined);
    socket.on('host-disconnected', onHostDisconnected);
    return () => {
      socket.off('recording-consent-request', onConsentRequest);
      socket.off('recording-consent-declined', onDeclined);
      socket.off('host-disconnected', onHostDisconnected);
    };
  }, [channel]);

  // Leaving the room ends this participant's part of the recording.
  useEffect(() => {
    if (channel) return;
    setRecordingId(null);
    setWaitingForConsent(false);
    setStopping(false);
    setConsentRequest(null);
  }, [channel]);

  useEffect(() => {
    if (!waitingForConsent) return;
    const timer = setTimeout(() => setWaitingForConsent(false), CONSENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitingForConsent]);

  useEffect(() => {
    if (!stopping) return;
    const timer = setTimeout(() => setStopping(false), STOP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [stopping]);

  // Record what this participant has while the recording is on (no devices: nothing).
  const activeId = channel ? recordingId : null;
  useEffect(() => {
    controller.update({
      recordingId: activeId,
      video: media.localStream,
      screen: media.screenStream,
    });
  }, [controller, activeId, media.localStream, media.screenStream]);

  // Unmounting (hang up) stops and flushes; the uploads finish in the background.
  useEffect(() => () => void controller.stopAll(), [controller]);

  const toggle = useCallback(() => {
    if (!channel?.room.isHost) return;
    if (recordingId) {
      setStopping(true);
      channel.socket.emit('recording-stop', { sessionId: channel.sessionId });
    } else if (!waitingForConsent) {
      setWaitingForConsent(true);
      channel.socket.emit('recording-request', { sessionId: channel.sessionId });
    }
  }, [channel, recordingId, waitingForConsent]);

  const answerConsent = useCallback(
    (accepted: boolean) => {
      if (!channel || !consentRequest) return;
      channel.socket.emit('recording-consent', {
        sessionId: channel.sessionId,
        recordingId: consentRequest.recordingId,
        accepted,
      });
      setConsentRequest(null);
    },
    [channel, consentRequest],
  );

  return {
    isHost,
    recordingId,
    waitingForConsent,
    stopping,
    consentRequest,
    toggle,
    answerConsent,
  };
}

async function createFile(channel: RoomChannel, payload: CreateFile): Promise<string> {
  const ack = await channel.socket
    .timeout(CREATE_FILE_TIMEOUT_MS)
    .emitWithAck('create-file', payload);
  if (!ack?.ok) throw new Error(ack?.message ?? 'The recording file could not be created');
  return ack.fileId;
}
