/** apiErrors.<code> of Exportar Dados (issue 23), spread into apiErrors. */
export const dataExportErrorsEs = {
  export_rate_limited: "Demasiadas exportaciones en poco tiempo. Inténtalo de nuevo en {wait}.",
};
