/** apiErrors.<code> of personal API tokens (issue 25), spread into apiErrors. (Portuguese: source of truth.) */
export const apiTokensErrorsPt = {
  api_token_limit: "Você já tem {limit} tokens ativos. Revogue um antes de criar outro.",
  api_token_route_not_allowed: "Esta rota não está disponível para tokens de API.",
  api_token_scope_missing: "Este token de API não tem a permissão necessária: {scope}.",
  api_token_rate_limited: "Limite de requisições deste token de API atingido. Tente novamente em {wait}.",
};
