/** apiErrors.<code> of Exportar Dados (issue 23), spread into apiErrors. */
export const dataExportErrorsEs = {};
