import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { consultations } from './consultations.js';
import { users } from './users.js';

/**
 * A video session from /video-sessions (staff-and-video.md §3 Video session): any staff member
 * creates one, anyone signed in joins by its link, up to `max_participants`. The id is random
 * and unguessable (it is the link); status is created → active (someone joined) → ended.
 */
export const videoSessions = pgTable(
  'video_sessions',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    hostUserId: uuid('host_user_id')
      .notNull()
      .references(() => users.id),
    maxParticipants: integer('max_participants').notNull(),
    status: text('status').notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('video_sessions_host_idx').on(t.hostUserId, t.createdAt)],
);

/**
 * One recording of a room, started and stopped by its host (§4 Recording). Each participant's
 * own stream (and a screen share) is a `recording_files` row; `consultation_id` or
 * `video_session_id` says which room it was.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey(),
    roomId: text('room_id').notNull(),
    consultationId: uuid('consultation_id').references(() => consultations.id),
    videoSessionId: text('video_session_id').references(() => videoSessions.id),
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id),
    /** 'recording' | 'stopped' | 'host_disconnected' */
    status: text('status').notNull().default('recording'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('recordings_room_idx').on(t.roomId),
    index('recordings_consultation_idx').on(t.consultationId),
  ],
);

/** Recording record (§3): one participant's stream within a recording. */
export const recordingFiles = pgTable(
  'recording_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    userName: text('user_name').notNull(),
    streamId: text('stream_id').notNull(),
    /** 'video' | 'screen' */
    videoType: text('video_type').notNull(),
    /** recorder.mimeType as the browser reported it (it differs between browsers). */
    mimeType: text('mime_type').notNull(),
    isHost: boolean('is_host').notNull().default(false),
    /** 'pending' (created, no chunk yet) | 'recording' | 'complete' */
    status: text('status').notNull().default('pending'),
    chunkCount: integer('chunk_count').notNull().default(0),
    sizeBytes: integer('size_bytes').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [index('recording_files_recording_idx').on(t.recordingId)],
);

/** The encrypted chunks of a recording file, in order; played only concatenated by `seq`. */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => recordingFiles.id),
    seq: integer('seq').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
