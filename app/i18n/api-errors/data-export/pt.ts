/** apiErrors.<code> of Exportar Dados (issue 23), spread into apiErrors. (Portuguese: source of truth.) */
export const dataExportErrorsPt = {};
