/** The Ctrl/⌘+K quick search (in the frame, on every CRM screen). (Portuguese: source of truth.) */
export const searchPt = {
  open: "Buscar",
  shortcut: "Ctrl K",
  title: "Busca rápida",
  label: "Buscar leads e tarefas",
  placeholder: "Buscar leads e tarefas...",
  leads: "Leads",
  tasks: "Tarefas",
  searching: "Buscando...",
  hint: "Digite para buscar por nome, e-mail, empresa, tag ou tarefa.",
  empty: "Nenhum resultado para “{query}”",
  error: "Não foi possível buscar agora. Tente novamente.",
  keys: "↑↓ para navegar · Enter para abrir · Esc para fechar",
  completed: "Concluída",
  noDate: "Sem data",
};
