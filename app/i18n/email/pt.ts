/**
 * Issue 24: the digest e-mail of unread notifications, the one-click unsubscribe line every
 * notification and report e-mail carries, and the public unsubscribe page (/unsubscribe).
 * (Portuguese: source of truth.)
 */
export const emailPt = {
  digest: {
    subject: {
      one: "Você tem 1 notificação não lida no CRM",
      other: "Você tem {count} notificações não lidas no CRM",
    },
    greeting: "Olá, {name}!",
    intro: "Estas notificações chegaram no CRM e ainda não foram lidas:",
    more: {
      one: "… e mais 1 notificação: {url}",
      other: "… e mais {count} notificações: {url}",
    },
    openCrm: "Abrir o CRM: {url}",
    footer: "Você recebe este e-mail porque '{setting}' está ligado em Configurações → Notificações.",
  },
  unsubscribeLine: "Para não receber mais estes e-mails: {url}",
  unsubscribePage: {
    metaTitle: "Cancelar e-mails",
    title: "Cancelar e-mails",
    confirm: "Desligar '{setting}' para {email}?",
    explain: "Você deixa de receber estes e-mails. Pode ligá-los de novo quando quiser em Configurações → Notificações.",
    button: "Desligar estes e-mails",
    working: "Desligando...",
    doneTitle: "E-mails desligados",
    done: "'{setting}' foi desligado para {email}.",
    already:
      "Este link já foi usado: '{setting}' foi desligado para {email}. Para voltar a receber, ligue em Configurações → Notificações.",
    settingsLink: "Abrir Configurações → Notificações",
    invalidTitle: "Link inválido",
    expiredTitle: "Link expirado",
    failed: "Não foi possível desligar agora. Tente novamente.",
  },
};
