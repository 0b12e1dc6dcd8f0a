/** Labels every CRM screen shares: statuses, sources, common actions. (Portuguese: source of truth.) */
export const sharedPt = {
  statuses: {
    new: "Novo",
    qualified: "Qualificado",
    contacted: "Contatado",
    negotiating: "Negociando",
    won: "Ganho",
    lost: "Perdido",
  },
  /** The predefined tags (PREDEFINED_TAGS, stored in pt) as the reader sees them; a typed tag is shown as typed. */
  tags: {
    urgent: "Urgente",
    qualified: "Qualificado",
    interested: "Interessado",
    waiting: "Aguardando",
    followUp: "Retorno",
    quote: "Orçamento",
    proposal: "Proposta",
    competitor: "Concorrente",
  },
  /** A lead's currency (docs/decisions/018). */
  currencies: {
    BRL: "Real (R$)",
    USD: "Dólar (US$)",
    EUR: "Euro (€)",
  },
  sources: {
    website: "Website",
    referral: "Indicação",
    social_media: "Redes Sociais",
    advertising: "Publicidade",
    other: "Outro",
  },
  actions: {
    save: "Salvar",
    saving: "Salvando...",
    cancel: "Cancelar",
    edit: "Editar",
    delete: "Excluir",
    close: "Fechar",
    retry: "Tentar novamente",
    loadMore: "Carregar mais",
  },
  contact: {
    whatsapp: "WhatsApp",
    email: "Email",
    whatsappGreeting: "Olá {name}, tudo bem?",
    whatsappLabel: "Abrir conversa no WhatsApp com {name}",
    emailLabel: "Enviar email para {name}",
  },
  none: "Nenhum",
  errorTitle: "Erro",
  /** A deactivated user named on a lead or task (Settings → Usuários). */
  inactiveUser: "{name} (inativo)",
  offline: "Sem conexão. Verifique sua internet e tente novamente.",
};
