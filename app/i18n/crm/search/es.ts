import type { Dictionary } from "../../pt.ts";

export const searchEs: Dictionary["crm"]["search"] = {
  open: "Buscar",
  shortcut: "Ctrl K",
  title: "Búsqueda rápida",
  label: "Buscar leads y tareas",
  placeholder: "Buscar leads y tareas...",
  leads: "Leads",
  tasks: "Tareas",
  searching: "Buscando...",
  hint: "Escribe para buscar por nombre, correo, empresa, etiqueta o tarea.",
  empty: "Sin resultados para “{query}”",
  error: "No se pudo buscar ahora. Inténtalo de nuevo.",
  keys: "↑↓ para moverte · Enter para abrir · Esc para cerrar",
  completed: "Completada",
  noDate: "Sin fecha",
};
