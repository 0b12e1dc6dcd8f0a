/** The top bar's notification bell and its panel (in the frame, on every CRM screen). (Portuguese: source of truth.) */
export const notificationsPt = {
  title: "Notificações",
  bell: {
    one: "Notificações, {count} não lida",
    other: "Notificações, {count} não lidas",
  },
  markAll: "Marcar todas",
  loading: "Carregando notificações...",
  empty: "Nenhuma notificação",
  error: "Não foi possível carregar as notificações.",
  unread: "Não lida",
  markFailed: "Não foi possível marcar a notificação como lida",
};
