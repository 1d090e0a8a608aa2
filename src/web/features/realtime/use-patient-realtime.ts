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
import { JOURNEY_KEY } from '../patient/api/journey';
import { QUEUE_STATUS_KEY } from '../queue/api/queue';
import { applyQueueLineToCache } from '../queue/api/queue-line-cache';

/**
 * Live updates for a signed-in patient page: the queue entry as the server pushes it and the
 * line's broadcast turned into this patient's place (both set straight into the query cache, no
 * refetch; ADR 0021), and the call room announcements for this
 * patient's email, which re-read it. Payloads are checked with the shared zod schemas when they arrive.
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
      // A new stage (admitted, seen, done) can move the application and the journey on too:
      // read them again.
      if (before !== undefined && before?.status !== parsed.data.status?.status) {
        void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
        void queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] });
      }
    };
    const onQueueLine = (payload: unknown) => applyQueueLineToCache(queryClient, payload);
    // The queue status holds the live call (issue 11); an announcement (a start, a replay on
    // connect, the physician opening the room) or an end reads it again, in case a push was
    // missed.
    const onCall = (payload: unknown) => {
      const parsed = CallAnnouncementSchema.safeParse(payload);
      if (parsed.success && parsed.data.email?.toLowerCase() === self) {
        void queryClient.invalidateQueries({ queryKey: [QUEUE_STATUS_KEY] });
        void queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] });
      }
    };
    // The clinic changed the application (approval, documents collected) or reviewed a
    // document: read them, and the journey computed from them, again.
    const onApplication = () => {
      void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] });
    };
    const onDocument = () => void invalidateDocumentLists(queryClient);
    socket.on('application-update', onApplication);
    socket.on('document-update', onDocument);
    socket.on('queue-update', onQueueUpdate);
    socket.on('queue-line', onQueueLine);
    socket.on('roomID-received', onCall);
    socket.on('call-ended', onCall);
    return () => {
      socket.off('application-update', onApplication);
      socket.off('document-update', onDocument);
      socket.off('queue-update', onQueueUpdate);
      socket.off('queue-line', onQueueLine);
      socket.off('roomID-received', onCall);
      socket.off('call-ended', onCall);
      release();
    };
  }, [email, queryClient]);
}

/** The live connection's state (the queue page's indicator). */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, connectionState, () => 'connecting');
}
