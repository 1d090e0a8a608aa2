import type { QueryFunction, QueryFunctionContext } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../shared/api-error';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/session-timing';

/**
 * A non-OK answer. The message follows the spec's transport rule (patient-side.md §8):
 * "{status}: {body text}", or the status text when the body is empty.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(text);
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && typeof (value as ApiErrorBody).message === 'string') {
      return value as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the raw text stays in the message.
  }
  return null;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return res.json();
  return res.text();
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Marks a request nobody made (polling, a refetch): the server answers it but, for staff, does
 * not count it as activity, so an unattended screen signs out (issue 13, ADR 0013).
 */
export const BACKGROUND_HEADERS: Readonly<Record<string, string>> = {
  [BACKGROUND_REQUEST_HEADER]: '1',
};

/**
 * A query fetch is the user's when the query has shown nothing yet (a page's first load); a
 * refetch after data or an error is on screen (refetchInterval, focus, reconnect, invalidation)
 * is not. A poll that keeps failing must not keep a session alive either.
 */
export function isBackgroundFetch(context?: Pick<QueryFunctionContext, 'client' | 'queryKey'>) {
  const state = context?.client.getQueryState(context.queryKey);
  return state !== undefined && (state.data !== undefined || state.errorUpdateCount > 0);
}

type UserRequestListener = () => void;
const userRequestListeners = new Set<UserRequestListener>();

/**
 * Told after each request the user made that the server answered with the session alive: the
 * staff idle guard restarts its countdown from it. Answers the unsubscribe.
 */
export function onUserRequest(listener: UserRequestListener): () => void {
  userRequestListeners.add(listener);
  return () => userRequestListeners.delete(listener);
}

export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...extraHeaders,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 401 && extraHeaders?.[BACKGROUND_REQUEST_HEADER] === undefined)
    for (const listener of userRequestListeners) listener();
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await parseBody(res)) as T;
}

/**
 * GETs started before the app's code had arrived (src/web/boot.ts), each handed once to the
 * first query that asks for its path (issue 23: a page's data used to start only after its code
 * had downloaded and rendered, seconds later on a phone). One older than EARLY_FRESH_MS is not
 * used: the query fetches afresh.
 */
const earlyGets = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
const EARLY_FRESH_MS = 10_000;

/** Starts a GET for the first query of `path` to take (boot.ts). Answers it, for chaining. */
export function startEarlyGet<T>(path: string): Promise<T> {
  const answer = apiRequest<T>('GET', path);
  // A failure is the query's to report, when one takes it; unclaimed, it is dropped.
  answer.catch(() => undefined);
  earlyGets.set(path, { answer, startedAt: Date.now() });
  return answer;
}

function takeEarlyGet<T>(path: string): Promise<T> | undefined {
  const early = earlyGets.get(path);
  earlyGets.delete(path);
  if (!early || Date.now() - early.startedAt > EARLY_FRESH_MS) return undefined;
  return early.answer as Promise<T>;
}

/** GET as a query's fetch: pass the query function's context, so its refetches are background. */
export function getJson<T>(
  path: string,
  context?: Pick<QueryFunctionContext, 'client' | 'queryKey'>,
): Promise<T> {
  const background = isBackgroundFetch(context);
  const early = background ? undefined : takeEarlyGet<T>(path);
  return (
    early ?? apiRequest<T>('GET', path, undefined, background ? BACKGROUND_HEADERS : undefined)
  );
}

/** Default query function: GET the path held in the query key's first element. */
export const defaultQueryFn: QueryFunction = (context) => {
  const [path] = context.queryKey;
  if (typeof path !== 'string') throw new Error('Query key must start with a path');
  return getJson(path, context);
};

/** The server's own message for a toast, or the fallback when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.body?.message) return error.body.message;
    if (error.status >= 500) return fallback;
    return error.message.slice(error.message.indexOf(': ') + 2) || fallback;
  }
  if (error instanceof TypeError)
    return 'Could not reach the server. Please check your connection.';
  return fallback;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
