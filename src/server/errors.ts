import type { ErrorIssue } from '#contracts/errors.ts';

/** Every error the API answers on purpose. The code decides the status; the message is shown to people. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE';

export const statusByCode: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly statusCode: number;
  // Plain fields, not parameter properties: Node's own type stripping cannot run those (decision 015).
  readonly code: AppErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  /** Sent as Retry-After (whole seconds) with a 429 that knows when the next try is welcome. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    issues?: ErrorIssue[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
    this.statusCode = statusByCode[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
