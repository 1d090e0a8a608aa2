// Text inputs refuse two kinds of character, in one rule for every route (issue 10, issue 21):
// - C0 control characters other than TAB, LF and CR, NUL included: none belongs in a form
//   field, and PostgreSQL cannot store NUL in text at all, so one reaching a query failed it;
// - unpaired UTF-16 surrogates ("\ud800" in JSON): no character at all, so a jsonb column
//   refuses them (22P02, a 500) and a text column silently stores U+FFFD instead.
// The server applies this to every route's input (plugins/text-inputs.ts, multipart fields).

// Controls; a high surrogate with no low one after it; a low one with no high one before it.
const REFUSED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are the rule.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasRefusedCharacter = (text: string): boolean => REFUSED.test(text);

export const refusedCharacterMessage = (field: string): string =>
  `${field} must not contain control characters or unpaired surrogates`;

interface Visit {
  value: object;
  key: string | number;
  parent: Visit | null;
}

/**
 * The path to the first string, at any depth, that holds a refused character; null when
 * there is none. Walks with its own stack and builds a path only for the string it
 * refuses, so a deeply nested body (a megabyte of brackets) costs one pass.
 */
export function findRefusedCharacter(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasRefusedCharacter(value) ? [] : null;
  if (!isWalked(value)) return null;
  const stack: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const node = visit.value as Record<string | number, unknown>;
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const child = node[key];
      if (typeof child === 'string') {
        if (hasRefusedCharacter(child)) return pathOf(visit, key);
      } else if (isWalked(child)) {
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

function pathOf(visit: Visit, key: string | number): (string | number)[] {
  const path = [key];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Objects and arrays: parsed JSON, query strings, route parameters; not binary bodies. */
function isWalked(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    !ArrayBuffer.isView(value) &&
    !(value instanceof ArrayBuffer)
  );
}
