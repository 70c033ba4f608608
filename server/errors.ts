import { MSG } from '#rules/messages.ts';

/** Field errors in Django REST framework's shape, which the older client parses: `{field: [message]}`. */
export type FieldErrors = Record<string, unknown>;

/** An answer the client caused; the central error handler sends `body` as is with `statusCode`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (fields: FieldErrors) => new ApiError(400, fields);
export const formError = (message: string) => badRequest({ non_field_errors: [message] });
export const detailError = (statusCode: number, detail: string) => new ApiError(statusCode, { detail });
export const notAuthenticated = () => detailError(401, MSG.notAuthenticated);
export const tokenNotValid = () => new ApiError(401, { detail: MSG.tokenInvalid, code: 'token_not_valid' });
export const forbidden = () => detailError(403, MSG.forbidden);
export const notFound = () => detailError(404, MSG.notFound);
/** The older client looks for `status` in a 413 body. */
export const fileTooLarge = () => new ApiError(413, { detail: MSG.uploadTooLargeShort, status: 413 });
