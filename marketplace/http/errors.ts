import 'server-only';

/** A field's error; `detail` carries values the client shows beside it (BankID's and the profile's). */
export type FieldError = { field: string; message: string; detail?: Record<string, string | null> };

/**
 * An error the API answers on purpose. `message` is an i18n key (or plain text); the wrapper
 * translates it into the caller's language and answers `{ message, code, errors }` with `status`.
 * `code` is the message key unless the contract names another (SPEC's 'INFORMATION_MISSMATCH').
 */
export class ApiError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    public readonly errors: FieldError[] = [],
    public readonly values: Record<string, string | number> = {},
    public readonly headers: Record<string, string> = {},
    public readonly code: string = message,
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, 'errors.unauthorized');
export const notFound = () => new ApiError(404, 'errors.notFound');

/** A provider (payments, BankID, insurance) that has neither keys nor the sandbox switched on. */
export const notConfigured = () => new ApiError(503, 'errors.notConfigured');
