/** apiErrors.<code> of personal API tokens (issue 25), spread into apiErrors. */
export const apiTokensErrorsEs = {
  api_token_limit: "Ya tienes {limit} tokens activos. Revoca uno antes de crear otro.",
  api_token_route_not_allowed: "Esta ruta no está disponible para tokens de API.",
  api_token_scope_missing: "Este token de API no tiene el permiso necesario: {scope}.",
  api_token_rate_limited: "Se alcanzó el límite de solicitudes de este token de API. Inténtalo de nuevo en {wait}.",
};
