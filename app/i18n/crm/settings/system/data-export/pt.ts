import { dataImportErrorsPt } from "../../../../api-errors/data-import/pt.ts";

/** Settings → Sistema: Exportar Dados (issue 23). (Portuguese: source of truth.) */
export const dataExportPt = {
  title: "Exportar Dados",
  exporting: "Exportando...",
  /** The spec's toast (crm.md §7). */
  started: "Exportação Iniciada",
  startedDescription: "Preparando um ZIP com leads, tarefas, atividades, notas, chat e usuários. O download começa em instantes.",
  done: "Exportação concluída",
  doneDescription: "{file} foi salvo nos seus downloads.",
  failed: "Não foi possível exportar os dados",
};

/**
 * What the exported ZIP says (worker/services/data-export): the CSVs' header rows and the
 * README. Server only: the Worker reads it directly, so no page carries it.
 */
export const dataExportFilePt = {
  /** The archive's name: velox-dados-<yyyy-mm-dd>.zip. */
  fileName: "velox-dados-{date}.zip",
  yes: "Sim",
  no: "Não",
  columns: {
    // The import's own field names (apiErrors.import_issue.fields), which it maps back by itself: this file re-imports as it is.
    leads: { id: "ID", ...dataImportErrorsPt.import_issue.fields },
    tasks: {
      id: "ID",
      title: "Título",
      description: "Descrição",
      due_date: "Vencimento",
      due_has_time: "Vencimento com horário",
      lead_id: "Lead ID",
      lead: "Lead",
      assignee: "Responsável",
      created_by: "Criado por",
      completed: "Concluída",
      completed_at: "Concluída em",
      created_at: "Criado em",
      updated_at: "Atualizado em",
    },
    activities: {
      id: "ID",
      lead_id: "Lead ID",
      lead: "Lead",
      type: "Tipo",
      subject: "Assunto",
      content: "Conteúdo",
      metadata: "Metadados",
      author: "Autor",
      created_at: "Criado em",
    },
    notes: {
      id: "ID",
      lead_id: "Lead ID",
      lead: "Lead",
      content: "Conteúdo",
      author: "Autor",
      created_at: "Criado em",
      updated_at: "Atualizado em",
    },
    chatMessages: {
      id: "ID",
      channel_id: "Canal ID",
      channel: "Canal",
      author: "Autor",
      content: "Mensagem",
      created_at: "Enviada em",
    },
    users: {
      id: "ID",
      name: "Nome",
      email: "E-mail",
      phone: "Telefone",
      role: "Função",
      active: "Ativo",
      language: "Idioma",
      last_sign_in_at: "Último acesso",
      created_at: "Criado em",
    },
    attachments: {
      id: "ID",
      lead_id: "Lead ID",
      lead: "Lead",
      file_name: "Nome do arquivo",
      file_size: "Tamanho (bytes)",
      file_type: "Tipo",
      storage_path: "Caminho no armazenamento",
      uploaded_by: "Enviado por",
      created_at: "Criado em",
    },
  },
  readme: {
    title: "Exportação de dados do CRM — {company}",
    generated: "Gerada em {date} (UTC) por {name} <{email}>.",
    filesTitle: "Arquivos",
    files: {
      leads: "{count} leads. Importa de volta em Configurações → Sistema → Importar Dados (a coluna ID é ignorada).",
      tasks: "{count} tarefas.",
      activities: "{count} atividades do histórico dos leads.",
      notes: "{count} notas dos leads.",
      chatMessages: "{count} mensagens dos canais públicos do Chat Interno (canais privados não são exportados).",
      users: "{count} usuários, sem senhas nem tokens de acesso.",
      attachments: "{count} anexos: só os dados de cada arquivo; os arquivos continuam no CRM.",
    },
    formatTitle: "Formato",
    format: [
      "CSV em UTF-8 com BOM, colunas separadas por ponto e vírgula e vírgula decimal, como o Excel em português abre.",
      "Datas e horas em ISO 8601 e em UTC (ex.: 2026-11-27T14:05:00.000Z). O fuso da organização é {zone}.",
      "Uma célula que começaria com =, +, -, @, tabulação ou retorno de carro leva um apóstrofo na frente, para a planilha não executá-la como fórmula.",
      "As pessoas aparecem pelo e-mail (veja users.csv); as colunas de ID ligam as tabelas (Lead ID → ID de leads.csv).",
      "As tabelas foram lidas aos poucos com o CRM em uso: um registro alterado durante a exportação pode sair como estava antes ou depois.",
    ],
  },
};
