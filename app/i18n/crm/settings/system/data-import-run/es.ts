/** Settings → Sistema: Importar Dados while and after it runs (issue 23, review fixes). */
export const dataImportRunEs = {
  notifications: {
    assignedOne: "{name} te asignó el lead “{lead}” (importación de {file}).",
    assignedMany: "{name} te asignó {count} leads de {file}.",
    movedOne: "{name} movió el lead “{lead}” de {from} a {to} (importación de {file}).",
    movedMany: "{name} movió {count} de tus leads a {to} (importación de {file}).",
  },
  resume: {
    title: "Importación sin terminar",
    text: "{file}: {done} de {total} filas procesadas. Las demás aún no se importaron.",
    by: "Iniciada por {name}",
    action: "Continuar",
    actionFor: "Continuar la importación de {file}",
    interrupted: "{done} de {total} filas procesadas. Para importar las demás, usa 'Continuar' en la tarjeta Datos.",
  },
};
