import type { RoomChannel, RoomMedia } from '../lib/room-channel';
import { type ChatState, useChat } from './use-chat';
import { type RecordingState, useRecording } from './use-recording';
import { useWhiteboard, type WhiteboardState } from './use-whiteboard';

// The in-room tools' state (chat, whiteboard, recording): features/video/tools owns it; the
// call room renders <ToolButtons> in its control bar and <ToolPanels> beside the videos.

export interface RoomTools {
  channel: RoomChannel | null;
  media: RoomMedia;
  chat: ChatState;
  whiteboard: WhiteboardState;
  recording: RecordingState;
}

export function useRoomTools(channel: RoomChannel | null, media: RoomMedia): RoomTools {
  const chat = useChat(channel);
  const whiteboard = useWhiteboard(channel);
  const recording = useRecording(channel, media);
  return { channel, media, chat, whiteboard, recording };
}
