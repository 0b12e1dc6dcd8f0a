/** apiErrors.<code> of Importar Dados (issue 23), spread into apiErrors. (Portuguese: source of truth.) */
export const dataImportErrorsPt = {};
