import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import type { CallQuality } from '@/features/device-check/lib/camera';
import { ApiError, apiRequest, errorMessage } from '@/lib/api-client';
import { acquireSocket } from '@/lib/socket';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import { CALL_MESSAGES } from './call-rules';
import { CallSession } from './call-session';
import type { CallSnapshot, TokenOutcome } from './call-types';

// The call room as React sees it: one CallSession per room visit, its snapshots as state.

export interface UseCallRoomOptions {
  quality: CallQuality;
  selfName: string;
  selfRole: string;
  onJoined?: (room: JoinTokenResponse['room']) => void;
  /** The physician ended the consultation while this patient was in the room. */
  onCallEnded?: () => void;
}

export interface CallRoom extends CallSnapshot {
  toggleCamera: () => void;
  toggleMic: () => void;
  toggleShare: () => void;
  chooseDevice: (kind: MediaDeviceKind, device: MediaDeviceInfo) => void;
  /** Hang up: leaves the room (phase 'left'); the call goes on for the others. */
  leave: () => void;
  /** Joins the same room again after a hang-up (issue 11: a hang-up can be undone). */
  rejoin: () => void;
}

const INITIAL: CallSnapshot = {
  phase: 'starting',
  fatalError: null,
  mediaError: null,
  room: null,
  status: 'new',
  localStream: null,
  screenStream: null,
  cameraOn: true,
  micOn: true,
  peers: [],
  sharerSocketId: null,
  audioOutputId: null,
  channel: null,
  departed: null,
};

/** POST /api/video/token: the token, or why not (§2: without one, to /home). */
export async function requestJoinToken(roomId: string): Promise<TokenOutcome> {
  try {
    const token = await apiRequest<JoinTokenResponse>('POST', '/api/video/token', { roomId });
    return { ok: true, token };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ok: false, message: null };
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return { ok: false, message: errorMessage(error, 'You cannot join this video call') };
    return { ok: false, message: CALL_MESSAGES.initFailed, fatal: true };
  }
}

export function useCallRoom(roomId: string, options: UseCallRoomOptions): CallRoom {
  const navigate = useNavigate();
  const [snapshot, setSnapshot] = useState<CallSnapshot>(INITIAL);
  // Each visit to the room is one CallSession; Rejoin starts the next one.
  const [visit, setVisit] = useState(0);
  const sessionRef = useRef<CallSession | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const { quality, selfName, selfRole } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `visit` asks for a new visit (Rejoin call)
  useEffect(() => {
    const session = new CallSession({
      roomId,
      quality,
      selfName,
      selfRole,
      requestToken: requestJoinToken,
      acquireSocket,
      onSnapshot: setSnapshot,
      onRefused: (message) => {
        if (message)
          toast({ title: 'Unable to join the call', description: message, variant: 'destructive' });
        navigate('/home', { replace: true });
      },
      onToast: (t) => toast(t),
      onJoined: (room) => callbacks.current.onJoined?.(room),
      onCallEnded: () => callbacks.current.onCallEnded?.(),
    });
    sessionRef.current = session;
    setSnapshot(session.snapshot());
    void session.start();
    return () => {
      session.dispose();
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, [roomId, quality, selfName, selfRole, navigate, visit]);

  const toggleCamera = useCallback(() => sessionRef.current?.toggleCamera(), []);
  const toggleMic = useCallback(() => sessionRef.current?.toggleMic(), []);
  const toggleShare = useCallback(() => sessionRef.current?.toggleShare(), []);
  const chooseDevice = useCallback(
    (kind: MediaDeviceKind, device: MediaDeviceInfo) =>
      void sessionRef.current?.chooseDevice(kind, device),
    [],
  );
  const leave = useCallback(() => sessionRef.current?.leave(), []);
  const rejoin = useCallback(() => setVisit((n) => n + 1), []);

  return { ...snapshot, toggleCamera, toggleMic, toggleShare, chooseDevice, leave, rejoin };
}
