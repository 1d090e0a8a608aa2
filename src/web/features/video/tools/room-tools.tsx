import { Circle, Lock, MessageSquare, PenTool, Square } from 'lucide-react';
import { useId } from 'react';
import { ChatPanel } from './chat-panel';
import { RecordingConsentDialog } from './recording-consent-dialog';
import { RecordingStatus } from './recording-status';
import { ToolButton } from './tool-button';
import type { RoomTools } from './use-room-tools';
import { WhiteboardPanel } from './whiteboard-panel';

/** The tools' buttons for the call's control bar (chat, whiteboard, record). */
export function ToolButtons({ tools }: { tools: RoomTools }) {
  const { chat, whiteboard } = tools;
  const unreadId = useId();
  const disabled = tools.channel === null;
  return (
    <>
      <ToolButton
        label="Chat"
        icon={MessageSquare}
        pressed={chat.open}
        disabled={disabled}
        onClick={chat.toggle}
        badge={chat.unread > 0 ? (chat.unread > 9 ? '9+' : chat.unread) : undefined}
        aria-describedby={chat.unread > 0 ? unreadId : undefined}
      />
      {chat.unread > 0 && (
        <span id={unreadId} className="sr-only">
          {chat.unread === 1 ? '1 unread message' : `${chat.unread} unread messages`}
        </span>
      )}
      <ToolButton
        label="Whiteboard"
        icon={PenTool}
        pressed={whiteboard.open}
        disabled={disabled}
        onClick={whiteboard.toggle}
      />
      <RecordButton tools={tools} />
    </>
  );
}

function RecordButton({ tools }: { tools: RoomTools }) {
  const { recording } = tools;
  const on = recording.recordingId !== null;
  if (!recording.isHost) {
    // §4: the others' record button is locked while the host records.
    if (!on) return null;
    return (
      <ToolButton
        label="Recording locked"
        title="Only the host can stop the recording"
        icon={Lock}
        pressed
        tone="danger"
        disabled
      />
    );
  }
  return (
    <ToolButton
      label={on ? 'Stop recording' : 'Start recording'}
      icon={on ? Square : Circle}
      pressed={on}
      tone="danger"
      disabled={tools.channel === null || recording.waitingForConsent || recording.stopping}
      aria-busy={recording.waitingForConsent || recording.stopping || undefined}
      onClick={recording.toggle}
    />
  );
}

/** The tools' panels and dialogs (chat, whiteboard, recording consent and indicator). */
export function ToolPanels({ tools }: { tools: RoomTools }) {
  const { chat, whiteboard, recording } = tools;
  return (
    <>
      {whiteboard.open && <WhiteboardPanel board={whiteboard} />}
      {chat.open && <ChatPanel chat={chat} />}
      <RecordingStatus recording={recording} />
      <RecordingConsentDialog recording={recording} />
    </>
  );
}
