/** apiErrors.<code> of Exportar Dados (issue 23), spread into apiErrors. */
export const dataExportErrorsEn = {
  export_rate_limited: "Too many exports in a short time. Try again in {wait}.",
};
