/** Settings → Sistema: Importar Dados (issue 23). */
export const dataImportEs = {
  title: "Importar datos",
};
