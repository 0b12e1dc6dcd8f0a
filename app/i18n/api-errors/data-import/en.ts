/** apiErrors.<code> of Importar Dados (issue 23), spread into apiErrors. */
export const dataImportErrorsEn = {};
