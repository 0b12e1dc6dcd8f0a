import { crmPt } from "./crm/pt.ts";
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
  apiErrors: {
    bad_request: "A requisição não pôde ser processada.",
    invalid_json: "O corpo da requisição não é um JSON válido.",
    validation_failed: "Alguns campos são inválidos: {fields}.",
    not_found: "O recurso solicitado não existe.",
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
    /** Messages of one field's issue (the `issues` of validation_failed). */
    field: {
      required: "Campo obrigatório.",
      too_long: "Texto longo demais.",
      invalid_value: "Valor inválido.",
      invalid_date: "Data inválida.",
      lead_not_found: "O lead selecionado não existe mais.",
      assignee_unavailable: "O responsável selecionado não existe ou está inativo.",
    },
  },
  /** Notifications the CRM writes for a user (stored in pt: users have no language of their own). */
  notifications: {
    taskAssigned: {
      title: "Nova tarefa atribuída",
      message: "{name} atribuiu a você a tarefa “{title}”.",
    },
  },
} as const;

export type Dictionary = DictionaryShape<typeof pt>;
