import { splitSnippet } from '../../../../shared/transcription';

/** A search snippet as text with its matches marked; never parsed as HTML. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {splitSnippet(snippet).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 font-semibold text-slate-950">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
