/** apiErrors.<code> of personal API tokens (issue 25), spread into apiErrors. */
export const apiTokensErrorsEn = {
  api_token_limit: "You already have {limit} active tokens. Revoke one before creating another.",
  api_token_route_not_allowed: "This route is not available to API tokens.",
  api_token_scope_missing: "This API token lacks the permission this needs: {scope}.",
  api_token_rate_limited: "This API token's request limit was reached. Try again in {wait}.",
};
