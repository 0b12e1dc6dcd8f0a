/** The signed-in CRM frame (Portuguese: source of truth). */
export const crmPt = {
  nav: {
    dashboard: "Dashboard",
    leads: "Leads",
    tasks: "Tarefas",
    chat: "Chat Interno",
    analytics: "Relatórios",
    settings: "Configurações",
    main: "Navegação principal",
    collapse: "Recolher menu",
    expand: "Expandir menu",
  },
  roles: {
    admin: "Admin",
    manager: "Gerente",
    sales_rep: "Vendedor",
  },
  user: {
    fallbackName: "Usuário",
    signOut: "Sair",
    signingOut: "Saindo...",
    language: "Idioma",
    theme: "Tema",
    light: "Claro",
    dark: "Escuro",
  },
  topBar: {
    notifications: "Notificações",
  },
  titles: {
    dashboard: "Dashboard",
    leads: "Leads",
    tasks: "Tarefas",
    chat: "Chat Interno",
    analytics: "Relatórios e Analytics",
    settings: "Configurações",
  },
  placeholder: "Esta área chega em breve.",
  loading: "Carregando...",
  sessionExpired: "Sua sessão expirou. Entre novamente.",
  forbidden: "Você não tem permissão para ver esta página.",
};
