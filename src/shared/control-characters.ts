// Text inputs refuse the C0 control characters other than TAB, LF and CR, NUL included
// (issue 10): none belongs in a form field, and PostgreSQL cannot store NUL in text at all,
// so one reaching a query would fail it. The server applies this to every route's input.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are the rule.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlCharacter = (text: string): boolean => FORBIDDEN.test(text);

export const controlCharacterMessage = (field: string): string =>
  `${field} must not contain control characters`;

interface Visit {
  value: object;
  key: string | number;
  parent: Visit | null;
}

/**
 * The path to the first string, at any depth, that holds a refused control character; null
 * when there is none. Walks with its own stack and builds a path only for the string it
 * refuses, so a deeply nested body (a megabyte of brackets) costs one pass.
 */
export function findControlCharacter(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [] : null;
  if (!isWalked(value)) return null;
  const stack: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const node = visit.value as Record<string | number, unknown>;
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const child = node[key];
      if (typeof child === 'string') {
        if (hasControlCharacter(child)) return pathOf(visit, key);
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
