// Auth's error catalogue: GoTrue's error codes with their HTTP statuses and messages, in the body
// shape auth-js reads ({ code, error_code, msg }).

export const AUTH_ERRORS = {
  no_authorization: { status: 401, msg: 'This endpoint requires a valid Bearer token' },
  bad_jwt: { status: 401, msg: 'invalid JWT: unable to parse or verify signature' },
  no_api_key: { status: 401, msg: 'No API key found in request' },
  invalid_api_key: { status: 401, msg: 'Invalid API key' },
  not_admin: { status: 403, msg: 'User not allowed' },
  session_not_found: { status: 403, msg: 'Session from session_id claim in JWT does not exist' },
  user_not_found: { status: 404, msg: 'User not found' },
  invalid_credentials: { status: 400, msg: 'Invalid login credentials' },
  validation_failed: { status: 400, msg: 'Validation failed' },
  bad_json: { status: 400, msg: 'Could not parse request body as JSON' },
  email_address_invalid: { status: 400, msg: 'Unable to validate email address: invalid format' },
  user_already_exists: { status: 422, msg: 'User already registered' },
  email_exists: { status: 422, msg: 'A user with this email address has already been registered' },
  weak_password: { status: 422, msg: 'Password should be at least 6 characters.' },
  same_password: { status: 422, msg: 'New password should be different from the old password.' },
  unsupported_grant_type: { status: 400, msg: 'unsupported_grant_type' },
  refresh_token_not_found: { status: 400, msg: 'Invalid Refresh Token: Refresh Token Not Found' },
  refresh_token_already_used: { status: 400, msg: 'Invalid Refresh Token: Already Used' },
  otp_expired: { status: 403, msg: 'Email link is invalid or has expired' },
  signup_disabled: { status: 422, msg: 'Signups not allowed for this instance' },
  over_request_rate_limit: { status: 429, msg: 'Request rate limit reached' },
  over_email_send_rate_limit: { status: 429, msg: 'Email rate limit exceeded' },
  not_found: { status: 404, msg: 'Not found' },
  method_not_allowed: { status: 405, msg: 'Method not allowed' },
  unexpected_failure: { status: 500, msg: 'Unexpected failure, please check server logs for more information' },
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export class AuthApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: AuthErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? AUTH_ERRORS[code].msg);
    this.status = AUTH_ERRORS[code].status;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.status, error_code: this.code, msg: this.message, ...this.extra };
  }
}
