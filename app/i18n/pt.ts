import { dataImportErrorsPt } from "./api-errors/data-import/pt.ts";
import { dataExportErrorsPt } from "./api-errors/data-export/pt.ts";
import { backupsErrorsPt } from "./api-errors/backups/pt.ts";
import { apiTokensErrorsPt } from "./api-errors/api-tokens/pt.ts";
import { webhooksErrorsPt, webhooksFieldErrorsPt } from "./api-errors/webhooks/pt.ts";
import { crmPt } from "./crm/pt.ts";
import { emailPt } from "./email/pt.ts";
import { authPt } from "./auth/pt.ts";
import { sitePt } from "./site/pt.ts";
import type { DictionaryShape } from "./translate.ts";

/** Portuguese: the source of truth. es and en must have exactly these keys. */
export const pt = {
  common: {
    appName: "Velox Labs",
    loading: "Carregando...",
    backHome: "Voltar ao início",
    close: "Fechar",
    language: "Idioma",
  },
  meta: {
    defaultTitle: "Velox Labs — software sob medida em 90 dias",
    defaultDescription:
      "Desenvolvemos software sob medida, apps web e mobile, e-commerce e automação para startups e empresas, no prazo e no orçamento.",
  },
  notFound: {
    title: "Oops! Página não encontrada",
    code: "404",
    backHome: "Voltar ao início",
  },
  errorScreen: {
    title: "Algo deu errado",
    message: "Ocorreu um erro inesperado. Nossa equipe foi notificada automaticamente.",
    hint: "Tente recarregar a página ou entre em contato com o suporte se o problema persistir.",
    retry: "Tentar novamente",
    reload: "Recarregar página",
  },
  auth: authPt,
  site: sitePt,
  crm: crmPt,
  /** /api/docs, the API's reference page (issue 25, docs/decisions/030); the reference itself is Scalar's, in English. */
  apiDocs: {
    title: "Referência da API",
    loading: "Carregando a referência da API…",
    noscript: "Esta página precisa de JavaScript. O documento OpenAPI está em",
  },
  /** Digest and report e-mails' unsubscribe, the /unsubscribe page (issue 24). */
  email: emailPt,
  apiErrors: {
    /** Importar Dados, Exportar Dados, backups (issue 23): their own files. */
    ...dataImportErrorsPt,
    ...dataExportErrorsPt,
    ...backupsErrorsPt,
    /** Personal API tokens (issue 25). */
    ...apiTokensErrorsPt,
    ...webhooksErrorsPt,
    bad_request: "A requisição não pôde ser processada.",
    invalid_json: "O corpo da requisição não é um JSON válido.",
    validation_failed: "Alguns campos são inválidos: {fields}.",
    not_found: "O recurso solicitado não existe.",
    profile_not_found: "Perfil não encontrado",
    unauthorized: "Você precisa entrar para continuar.",
    forbidden: "Você não tem permissão para esta ação.",
    conflict: "Este registro entra em conflito com um existente.",
    lead_exists: "Já existe um lead com este e-mail: {name}.",
    payload_too_large: "O conteúdo enviado é grande demais.",
    rate_limited: "Muitas tentativas. Tente novamente em {wait}.",
    internal_error: "Erro inesperado no servidor. Tente novamente.",
    service_unavailable: "Serviço temporariamente indisponível.",
    unsupported_file_type: "Tipo de arquivo não permitido. Envie pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx ou xls.",
    file_too_large: "O arquivo passa do limite de 10 MB.",
    file_empty: "O arquivo está vazio.",
    file_signature_mismatch: "O conteúdo do arquivo não corresponde à extensão .{extension}.",
    /** POST /api/chat-assistant: the widget shows this message as the bot's reply (spec §8). */
    assistant_unavailable: "Desculpe, tive um problema técnico. Pode repetir sua pergunta?",
    assistant_rate_limited: "Você enviou muitas mensagens em pouco tempo. Tente novamente em {wait}.",
    lead_capture_rate_limited: "Recebemos muitos envios em pouco tempo. Tente novamente em {wait}.",
    /** Internal chat (/api/chat). */
    chat_creator_only: "Apenas quem criou o canal pode adicionar membros.",
    chat_channel_not_private: "Membros só são adicionados a canais privados.",
    /** Undoing a pipeline move (POST /api/leads/:id/undo-move). */
    lead_moved: "O lead mudou de etapa nesse meio-tempo; nada foi desfeito.",
    /** Settings → Perfil (avatar, password). */
    avatar_invalid: "Envie uma imagem PNG, JPEG ou WebP de até 2 MB.",
    current_password_incorrect: "A senha atual está incorreta.",
    password_change_rate_limited: "Muitas tentativas de alterar a senha. Tente novamente em {wait}.",
    weak_password_length: "A senha deve ter entre 8 e 128 caracteres.",
    weak_password_pwned: "Esta senha é comum demais. Escolha outra.",
    /** Settings → Usuários (invitations, roles, deactivation). */
    user_email_taken: "Já existe um usuário com o e-mail {email}.",
    last_admin: "Não é possível: esta pessoa é o último administrador ativo. Promova outra pessoa a administrador antes.",
    cannot_deactivate_self: "Você não pode desativar a sua própria conta.",
    invitation_not_pending: "Este usuário não tem convite pendente.",
    /** Settings → Sistema (organisation settings, maintenance). */
    maintenance: "Estamos em manutenção e voltamos em breve. Tente novamente em alguns minutos.",
    /** One-click unsubscribe (/unsubscribe, /api/unsubscribe; issue 24). */
    unsubscribe_link_invalid:
      "Este link de cancelamento não é válido (talvez tenha sido copiado pela metade). Você pode desligar os e-mails em Configurações → Notificações.",
    unsubscribe_link_expired: "Este link de cancelamento expirou. Você pode desligar os e-mails em Configurações → Notificações.",
    unsubscribe_one_click_required: "Para cancelar, envie List-Unsubscribe=One-Click no corpo do POST.",
    unsubscribe_rate_limited: "Muitas tentativas de cancelamento. Tente novamente em {wait}.",
    /** A page's form (React Router actions) sent as something else, or that cannot be read. */
    form_unsupported_type: "Este endereço só aceita um formulário (application/x-www-form-urlencoded ou multipart/form-data).",
    form_unreadable: "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.",
    /** Messages of one field's issue (the `issues` of validation_failed). */
    field: {
      ...webhooksFieldErrorsPt,
      required: "Campo obrigatório.",
      too_long: "Texto longo demais.",
      invalid_value: "Valor inválido.",
      invalid_phone: "Telefone inválido. Use DDD e número, como (11) 98888-7777, ou + e o código do país.",
      invalid_date: "Data inválida.",
      invalid_time: "Horário inválido.",
      lead_not_found: "O lead selecionado não existe mais.",
      assignee_unavailable: "O responsável selecionado não existe ou está inativo.",
      too_many: "Itens demais.",
      control_characters: "O texto contém caracteres de controle não permitidos.",
      user_unavailable: "O usuário selecionado não existe ou está inativo.",
      message_not_found: "Mensagem não encontrada neste canal.",
      expected_object: "O corpo da requisição deve ser um objeto JSON.",
      invalid_type: "Tipo de valor inválido.",
      too_short: "Texto curto demais.",
      too_small: "Valor pequeno demais.",
      too_big: "Valor grande demais.",
      too_few: "Itens de menos.",
      invalid_format: "Formato inválido.",
      unknown_field: "Campo não permitido.",
      api_token_scopes_required: "Escolha ao menos uma permissão.",
      api_token_expiry_past: "A data de expiração precisa estar no futuro.",
      api_token_expiry_too_far: "A expiração pode ser de no máximo um ano.",
    },
  },
  /** Notifications the CRM writes for a user (stored in pt: users have no language of their own). */
  notifications: {
    /** Issue 25: an admin's webhook endpoint disabled after failing (docs/decisions/032). */
    webhookDisabled: {
      title: "Webhook desativado",
      message:
        "O webhook {url} foi desativado porque suas entregas falharam por 24 horas seguidas. Verifique o receptor e reative-o em Configurações → API.",
    },
    welcome: {
      title: "Bem-vindo ao CRM",
      message: "Seu acesso foi configurado. Bons negócios!",
    },
    meetingReminder: {
      title: "Lembrete de reunião",
      message: "A reunião “{title}” com o lead “{lead}” começa às {time}.",
    },
    taskDue: {
      title: "Tarefa vence em breve",
      message: "A tarefa “{title}” vence nas próximas 24 horas.",
      messageAt: "A tarefa “{title}” vence às {time}.",
    },
    taskAssigned: {
      title: "Nova tarefa atribuída",
      message: "{name} atribuiu a você a tarefa “{title}”.",
    },
    newLead: {
      title: "Novo lead do site",
      message: "{name} ({email}) deixou o contato no assistente do site.",
    },
    leadAssigned: {
      title: "Lead atribuído a você",
      message: "{name} atribuiu a você o lead “{lead}”.",
    },
    leadStatusChanged: {
      title: "Status do lead alterado",
      message: "{name} moveu o lead “{lead}” de {from} para {to}.",
    },
    leadsAssigned: {
      message: "{name} atribuiu a você {count} leads.",
    },
    leadsStatusChanged: {
      message: "{name} moveu {count} dos seus leads para {to}.",
    },
    leadReturned: {
      title: "Lead voltou ao assistente do site",
      message: "{name} ({email}) conversou de novo com o assistente do site; a conversa está na linha do tempo.",
    },
  },
  /** Leads captured by the site's chat assistant, as staff read them in the CRM (written in pt). */
  leadCapture: {
    activitySubject: "Conversa do assistente do site",
    heading: "Lead qualificado pelo assistente do site.",
    projectType: "Tipo de projeto: {value}",
    budget: "Orçamento: {value}",
    timeline: "Prazo: {value}",
    teamSize: "Tamanho da equipe: {value}",
    contact: "Contato informado: {value}",
    language: "Idioma da conversa: {value}",
    notInformed: "não informado",
    transcript: "Conversa:",
    visitor: "Visitante",
    assistant: "Assistente",
    keptAsMessage: "Conversa do assistente do site (o lead não pôde ser gravado no CRM; o contato ficou guardado aqui).",
  },
} as const;

export type Dictionary = DictionaryShape<typeof pt>;
