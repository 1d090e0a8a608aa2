// Errors a service throws on purpose; one handler (plugins/errors.ts) maps codes to statuses.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  /** A field failed validation (the same code as the schema validation's answers). */
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  /** A staff session past its password but not yet its second factor (issue 13). */
  MFA_REQUIRED: 401,
  FORBIDDEN: 403,
  PAYMENT_DECLINED: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
