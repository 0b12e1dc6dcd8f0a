/** Settings → Sistema: Importar Dados (issue 23). */
export const dataImportEn = {
  title: "Import data",
};
