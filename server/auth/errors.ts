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
  email_not_confirmed: { status: 400, msg: 'Email not confirmed' },
  // Signing in with a provider (internal/api/external.go, identity.go, token.go's PKCE grant).
  bad_oauth_state: { status: 400, msg: 'OAuth state parameter is invalid' },
  bad_oauth_callback: { status: 400, msg: 'OAuth callback with missing authorization code missing' },
  oauth_provider_not_supported: { status: 400, msg: 'Unsupported provider' },
  flow_state_not_found: { status: 404, msg: 'invalid flow state, no valid flow state found' },
  flow_state_expired: { status: 422, msg: 'invalid flow state, flow state has expired' },
  flow_state_already_used: { status: 400, msg: 'State has already been used' },
  bad_code_verifier: { status: 400, msg: 'code challenge does not match previously saved code verifier' },
  provider_email_needs_verification: { status: 422, msg: 'Unverified email with the provider' },
  identity_already_exists: { status: 422, msg: 'Identity is already linked' },
  identity_not_found: { status: 422, msg: "Identity doesn't exist" },
  single_identity_not_deletable: { status: 422, msg: 'User must have at least 1 identity after unlinking' },
  email_conflict_identity_not_deletable: { status: 422, msg: 'Unable to unlink identity due to email conflict' },
  manual_linking_disabled: { status: 404, msg: 'Manual linking is disabled' },
  user_banned: { status: 403, msg: 'User is banned' },
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
