import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../shared/api-error';

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
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await parseBody(res)) as T;
}

export const getJson = <T>(path: string): Promise<T> => apiRequest<T>('GET', path);

/** Default query function: GET the path held in the query key's first element. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('Query key must start with a path');
  return getJson(path);
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
