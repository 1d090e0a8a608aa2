import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import {
  acquireSocket,
  type ConnectionState,
  connectionState,
  subscribeConnection,
} from '@/lib/socket';
import type { QueueStatusView } from '../../../shared/queue';
import { CallAnnouncementSchema, QueueUpdateEventSchema } from '../../../shared/realtime';
import { APPLICATIONS_KEY } from '../applications/api/applications';
import { invalidateDocumentLists } from '../documents/api/documents';
import { QUEUE_STATUS_KEY } from '../queue/api/queue';
import { endCall, startCall } from './call-room';

/**
 * Live updates for a signed-in patient page: the queue entry as the server pushes it (set
 * straight into the query cache, no refetch) and the call room announcements for this
 * patient's email. Payloads are checked with the shared zod schemas when they arrive.
 */
export function usePatientRealtime(email: string | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!email) return;
    const { socket, release } = acquireSocket();
    const self = email.toLowerCase();
    const onQueueUpdate = (payload: unknown) => {
      const parsed = QueueUpdateEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const before = queryClient.getQueryData<QueueStatusView | null>([QUEUE_STATUS_KEY]);
      queryClient.setQueryData([QUEUE_STATUS_KEY], parsed.data.status);
      // A new stage (admitted, seen, done) can move the application on too: read it again.
      if (before !== undefined && before?.status !== parsed.data.status?.status)
        void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
    };
    const onRoom = (payload: unknown) => {
      const parsed = CallAnnouncementSchema.safeParse(payload);
      if (parsed.success && parsed.data.email?.toLowerCase() === self)
        startCall(parsed.data.roomId);
    };
    const onEnded = (payload: unknown) => {
      const parsed = CallAnnouncementSchema.safeParse(payload);
      if (parsed.success && parsed.data.email?.toLowerCase() === self) endCall(parsed.data.roomId);
    };
    // The clinic changed the application (approval, documents collected) or reviewed a
    // document: read them again.
    const onApplication = () =>
      void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
    const onDocument = () => void invalidateDocumentLists(queryClient);
    socket.on('application-update', onApplication);
    socket.on('document-update', onDocument);
    socket.on('queue-update', onQueueUpdate);
    socket.on('roomID-received', onRoom);
    socket.on('call-ended', onEnded);
    return () => {
      socket.off('application-update', onApplication);
      socket.off('document-update', onDocument);
      socket.off('queue-update', onQueueUpdate);
      socket.off('roomID-received', onRoom);
      socket.off('call-ended', onEnded);
      release();
    };
  }, [email, queryClient]);
}

/** The live connection's state (the queue page's indicator). */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, connectionState, () => 'connecting');
}
