/** An error answer of the API, in the real service's `{message, error}` shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; error: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${body.error}`);
  }
}

export function badRequest(param: string): ApiError {
  return new ApiError(400, { message: `invalid ${param}`, error: 'bad_request' });
}

export function notFound(): ApiError {
  return new ApiError(404, { message: '', error: 'not_found' });
}

export function invalidToken(description: string): ApiError {
  return new ApiError(
    401,
    { message: description, error: 'invalid_token' },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` },
  );
}
