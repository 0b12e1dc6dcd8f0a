import { sharedPt } from "./shared/pt.ts";
import { dashboardPt } from "./dashboard/pt.ts";
import { leadsPt } from "./leads/pt.ts";
import { leadDetailPt } from "./leadDetail/pt.ts";
import { tasksPt } from "./tasks/pt.ts";
import { searchPt } from "./search/pt.ts";
import { notificationsPt } from "./notifications/pt.ts";
import { settingsPt } from "./settings/pt.ts";
import { apiTokensPt } from "./api-tokens/pt.ts";
import { reportsPt } from "./reports/pt.ts";
import { teamChatPt } from "./teamChat/pt.ts";
import { webhooksPt } from "./webhooks/pt.ts";
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
    openMenu: "Abrir menu",
    closeMenu: "Fechar menu",
  },
  roles: {
    admin: "Admin",
    manager: "Gerente",
    sales_rep: "Vendedor",
  },
  user: {
    fallbackName: "Usuário",
    signOut: "Sair",
    language: "Idioma",
    theme: "Tema",
    light: "Claro",
    dark: "Escuro",
    menu: "Menu do usuário",
  },
  topBar: {},
  titles: {
    dashboard: "Dashboard",
    leads: "Leads",
    tasks: "Tarefas",
    chat: "Chat Interno",
    analytics: "Relatórios e Analytics",
    settings: "Configurações",
  },
  frame: {
    loading: "Carregando...",
    forbidden: "Você não tem permissão para ver esta página.",
  },
  live: {
    reconnecting: "Reconectando…",
    reconnectingHint: "A conexão caiu. As novidades aparecem assim que ela voltar; nada se perde.",
  },
  shared: sharedPt,
  dashboard: dashboardPt,
  leads: leadsPt,
  leadDetail: leadDetailPt,
  tasks: tasksPt,
  search: searchPt,
  notifications: notificationsPt,
  settings: settingsPt,
  /** Settings → API: personal API tokens (issue 25), sent only with that tab. */
  apiTokens: apiTokensPt,
  reports: reportsPt,
  teamChat: teamChatPt,
  /** Settings → API → Webhooks (issue 25): sent with the 'api' tab only. */
  webhooks: webhooksPt,
};
