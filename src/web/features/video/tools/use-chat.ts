import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_CHAT_LENGTH } from '../../../../shared/room-messages';
import { DEFAULT_RECORDER_NAME } from '../../../../shared/schemas/video';
import type { RoomChannel } from '../lib/room-channel';

// In-room chat (§2 In-room tools, §3 chat-box): messages travel as room messages; the server
// never echoes one to its sender, so a sent message is added here.

export interface ChatMessage {
  id: string;
  senderName: string;
  text: string;
  /** Epoch milliseconds, when this tab sent or received it. */
  at: number;
  own: boolean;
}

export interface ChatState {
  messages: ChatMessage[];
  open: boolean;
  /** Messages from others that arrived while the panel was closed. */
  unread: number;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** Sends a message; false when there is nothing to send or no room. */
  send: (text: string) => boolean;
}

/** The room keeps the last messages only: a long call must not grow the page without end. */
const MAX_KEPT = 500;
let counter = 0;
const nextId = () => `chat-${Date.now()}-${++counter}`;

export function useChat(channel: RoomChannel | null): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [open, setOpenState] = useState(false);
  const [unread, setUnread] = useState(0);
  const openRef = useRef(open);
  openRef.current = open;

  const add = useCallback((message: ChatMessage) => {
    setMessages((list) => [...list.slice(-(MAX_KEPT - 1)), message]);
  }, []);

  useEffect(() => {
    if (!channel) return;
    return channel.subscribe(({ from, message }) => {
      if (message.type !== 'chat-box') return;
      add({
        id: nextId(),
        senderName: from?.userName || DEFAULT_RECORDER_NAME,
        text: message.text,
        at: Date.now(),
        own: false,
      });
      if (!openRef.current) setUnread((n) => n + 1);
    });
  }, [channel, add]);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (next) setUnread(0);
  }, []);

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim().slice(0, MAX_CHAT_LENGTH);
      if (!channel || !text) return false;
      channel.send({ type: 'chat-box', text });
      add({ id: nextId(), senderName: channel.selfName, text, at: Date.now(), own: true });
      return true;
    },
    [channel, add],
  );

  return {
    messages,
    open,
    unread,
    setOpen,
    toggle: () => setOpen(!openRef.current),
    send,
  };
}
