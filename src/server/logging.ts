import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

// The one logging rule (issue 10; DESIGN.md: PHI is never logged). A request is logged as
// its method, path (never its query string: links can carry tokens, searches can carry
// names), status and time; never a body, cookie, header, token or SQL parameter. An error is
// logged as its code and message only, and a database error as its SQLSTATE and constraint:
// a driver's message can carry the query's values (drizzle's says "params: …").

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  const options = {
    level,
    // Whatever an object logged somewhere holds, these never leave the process.
    redact: {
      paths: ['req.headers', 'res.headers', 'headers', 'body', 'cookie', 'params', 'query'],
      remove: true,
    },
    serializers: { err: errorForLog, error: errorForLog, req: requestForLog, res: responseForLog },
    ...(stream ? { stream } : {}),
  };
  // Fastify types `err` with a stack it is meant to keep; the rule is to drop it.
  return options as unknown as FastifyServerOptions['logger'];
}

/** A request that took this long is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's request lines, replaced: none when a request comes in, one when it is answered
 * (method, path, status, milliseconds), built from four fields without a serializer. What an
 * operator acts on is at info: a refusal or failure (4xx, 5xx) and a slow answer; an answer
 * that succeeded quickly is at debug (issue 23: a line per poll was a tenth of its cost).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const routine = !error && reply.statusCode < 400 && reply.elapsedTime < SLOW_REQUEST_MS;
    if (routine && !debugEnabled(reply.log)) return;
    const line = {
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (routine) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}

/** pino's own check; a logger without one (none here) is asked for everything. */
const debugEnabled = (log: FastifyBaseLogger): boolean =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') ?? true;

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

function requestForLog(req: { method?: string; url?: string }) {
  return { method: req.method, path: pathOf(req.url ?? '') };
}

function responseForLog(res: { statusCode?: number }) {
  return { status: res.statusCode };
}

interface DatabaseFailure {
  code?: string;
  constraint?: string;
}

/** An error as the log keeps it: code and message, or a database error's SQLSTATE. */
export function errorForLog(err: unknown): { code?: string; message: string } {
  const db = databaseFailure(err);
  if (db)
    return {
      code: db.code,
      message: db.constraint ? `database error (constraint ${db.constraint})` : 'database error',
    };
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { ...(typeof code === 'string' ? { code } : {}), message: err.message };
  }
  return { message: 'a non-error value was thrown' };
}

/** The database error in `err`'s cause chain (drizzle wraps the driver's), if any. */
function databaseFailure(err: unknown): DatabaseFailure | null {
  let found = false;
  let failure: DatabaseFailure = {};
  for (let at = err, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const e = at as {
      query?: unknown;
      params?: unknown;
      code?: unknown;
      severity?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if ('query' in e && 'params' in e) found = true;
    if (
      typeof e.severity === 'string' &&
      typeof e.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(e.code)
    ) {
      found = true;
      failure = {
        code: e.code,
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
      };
    }
    at = e.cause;
  }
  return found ? failure : null;
}
