import { sharedEs } from "./shared/es.ts";
import { dashboardEs } from "./dashboard/es.ts";
import { leadsEs } from "./leads/es.ts";
import { leadDetailEs } from "./leadDetail/es.ts";
import { tasksEs } from "./tasks/es.ts";
import { searchEs } from "./search/es.ts";
import { notificationsEs } from "./notifications/es.ts";
import { settingsEs } from "./settings/es.ts";
import { apiTokensEs } from "./api-tokens/es.ts";
import { reportsEs } from "./reports/es.ts";
import { teamChatEs } from "./teamChat/es.ts";
import { webhooksEs } from "./webhooks/es.ts";
import type { Dictionary } from "../pt.ts";

export const crmEs: Dictionary["crm"] = {
  nav: {
    dashboard: "Panel",
    leads: "Leads",
    tasks: "Tareas",
    chat: "Chat interno",
    analytics: "Informes",
    settings: "Configuración",
    main: "Navegación principal",
    collapse: "Contraer menú",
    expand: "Expandir menú",
    openMenu: "Abrir menú",
    closeMenu: "Cerrar menú",
  },
  roles: {
    admin: "Admin",
    manager: "Gerente",
    sales_rep: "Vendedor",
  },
  user: {
    fallbackName: "Usuario",
    signOut: "Salir",
    language: "Idioma",
    theme: "Tema",
    light: "Claro",
    dark: "Oscuro",
    menu: "Menú de usuario",
  },
  topBar: {},
  titles: {
    dashboard: "Panel",
    leads: "Leads",
    tasks: "Tareas",
    chat: "Chat interno",
    analytics: "Informes y analítica",
    settings: "Configuración",
  },
  frame: {
    loading: "Cargando...",
    forbidden: "No tienes permiso para ver esta página.",
  },
  live: {
    reconnecting: "Reconectando…",
    reconnectingHint: "Se cortó la conexión. Las novedades aparecen en cuanto vuelva; no se pierde nada.",
  },
  shared: sharedEs,
  dashboard: dashboardEs,
  leads: leadsEs,
  leadDetail: leadDetailEs,
  tasks: tasksEs,
  search: searchEs,
  notifications: notificationsEs,
  settings: settingsEs,
  /** Settings → API: personal API tokens (issue 25), sent only with that tab. */
  apiTokens: apiTokensEs,
  reports: reportsEs,
  teamChat: teamChatEs,
  /** Settings → API → Webhooks (issue 25): sent with the 'api' tab only. */
  webhooks: webhooksEs,
};
