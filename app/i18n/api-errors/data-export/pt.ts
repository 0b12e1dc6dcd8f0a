/** apiErrors.<code> of Exportar Dados (issue 23), spread into apiErrors. (Portuguese: source of truth.) */
export const dataExportErrorsPt = {
  export_rate_limited: "Muitas exportações em pouco tempo. Tente novamente em {wait}.",
};
