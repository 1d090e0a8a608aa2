import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { BRAND_NAME } from '@/lib/brand';
import type { DevMailList } from '../../../../shared/schemas/dev-mail';

// /dev/mail (issue 13): outside production, without SMTP_URL, the messages the clinic would
// have sent are kept in an outbox; this page lists them so a fresh checkout can follow a
// password-reset link. The API does not exist in production (404), and says when SMTP_URL
// sends the messages instead.

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** The text cut into plain runs and addresses, each keyed by where it starts. */
function segments(text: string): { at: number; text: string; link: boolean }[] {
  const out: { at: number; text: string; link: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > at) out.push({ at, text: text.slice(at, match.index), link: false });
    out.push({ at: match.index, text: match[0], link: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ at, text: text.slice(at), link: false });
  return out;
}

/** The message's text with each address a link that opens in this tab (the portal's own). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {segments(text).map((part) =>
        part.link ? (
          <a key={part.at} href={part.text} className="break-all text-primary underline">
            {part.text}
          </a>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

export function DevMailPage() {
  const outbox = useQuery<DevMailList>({ queryKey: ['/api/dev/mail'], refetchInterval: 5_000 });
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <title>{`Development mail | ${BRAND_NAME}`}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary">Development mail</h1>
        <p className="text-sm text-muted-foreground">
          Messages the clinic sent while no mail server is configured, newest first. This page
          exists only outside production.
        </p>
      </div>
      {outbox.isPending ? (
        <LoadingState label="Loading messages" />
      ) : outbox.isError ? (
        <ErrorState
          error={outbox.error}
          fallback="The development outbox is not available here."
          onRetry={() => outbox.refetch()}
        />
      ) : !outbox.data.outbox ? (
        <p role="status" className="rounded-md border border-border bg-muted p-4 text-sm">
          SMTP_URL is set: messages go to that mail server, not to this page.
        </p>
      ) : outbox.data.messages.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No message yet. Ask for a password reset to see one here.
        </p>
      ) : (
        <ol className="grid gap-4">
          {outbox.data.messages.map((m) => (
            <li key={m.id}>
              <Card>
                <CardHeader className="gap-1">
                  <h2 className="text-base font-semibold break-words">{m.subject}</h2>
                  <p className="text-xs break-words text-muted-foreground">
                    To {m.to} · <time dateTime={m.at}>{when.format(new Date(m.at))}</time>
                  </p>
                </CardHeader>
                <CardContent>
                  <TextWithLinks text={m.text} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
