import { Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { MAX_CHAT_LENGTH } from '../../../../shared/room-messages';
import type { ChatState } from './use-chat';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The chat beside the call: a side panel on wider screens (clear of the control bar at the
 * bottom), a bottom sheet across the whole width on a phone. Not modal, so the call stays
 * usable while it is open.
 */
export function ChatPanel({ chat }: { chat: ChatState }) {
  const titleId = useId();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const count = chat.messages.length;

  // Focus moves to the message box, and back to where it was (the Chat button) on close.
  useEffect(() => {
    const previous = document.activeElement;
    inputRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (count && log) log.scrollTop = log.scrollHeight;
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chat.send(draft)) setDraft('');
    inputRef.current?.focus();
  };

  return (
    <section
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') chat.setOpen(false);
      }}
      className="fixed inset-x-0 bottom-0 z-50 flex h-[70dvh] w-full flex-col rounded-t-lg border-t border-border bg-background text-foreground shadow-xl sm:inset-x-auto sm:top-4 sm:right-4 sm:bottom-24 sm:h-auto sm:w-80 sm:rounded-lg sm:border"
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
        <h2 id={titleId} className="text-base font-semibold">
          Chat
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close messages"
          onClick={() => chat.setOpen(false)}
        >
          <X aria-hidden="true" />
        </Button>
      </header>
      <div
        ref={logRef}
        role="log"
        aria-label="Chat messages"
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      >
        {count === 0 ? (
          <p className="py-3 text-center text-sm text-muted-foreground">
            No messages yet. Messages are seen by everyone in this call.
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {chat.messages.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'flex max-w-[85%] flex-col gap-1',
                  message.own ? 'items-end self-end' : 'items-start self-start',
                )}
              >
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">
                    {message.own ? 'You' : message.senderName}
                  </span>{' '}
                  <time dateTime={new Date(message.at).toISOString()}>
                    {timeFormat.format(message.at)}
                  </time>
                </p>
                <p
                  className={cn(
                    'rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
                    message.own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                  )}
                >
                  {message.text}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          ref={inputRef}
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={MAX_CHAT_LENGTH}
          autoComplete="off"
          placeholder="Type a message"
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm"
        />
        <Button type="submit" disabled={!draft.trim()}>
          <Send aria-hidden="true" />
          Send
        </Button>
      </form>
    </section>
  );
}
