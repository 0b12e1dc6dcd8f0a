/** apiErrors.<code> of Importar Dados (issue 23), spread into apiErrors. (Portuguese: source of truth.) */
export const dataImportErrorsPt = {
  import_file_missing: "Escolha um arquivo CSV para importar.",
  import_file_too_large: "O arquivo passa do limite de 10 MB. Divida-o em arquivos menores.",
  import_file_empty: "O arquivo está vazio.",
  import_only_headers: "O arquivo só tem a linha de cabeçalho; nenhum lead para importar.",
  import_binary_file: "Este arquivo não é um CSV de texto. No Excel, use “Salvar como” → “CSV (separado por vírgulas)” e envie de novo.",
  import_too_many_rows: "O arquivo passa do limite de {max} linhas. Divida-o em arquivos menores.",
  import_too_many_columns: "O arquivo tem {count} colunas; o limite é {max}.",
  import_cell_too_long: "A célula da linha {line} passa do limite de {max} caracteres.",
  import_unclosed_quote: "Há uma aspa aberta sem fechamento a partir da linha {line}; o arquivo não pôde ser lido.",
  import_header_empty: "A primeira linha precisa ter os nomes das colunas.",
  import_header_too_long: "O nome da coluna {column} passa de {max} caracteres: a primeira linha precisa ter os nomes das colunas.",
  import_mapping_invalid:
    "O mapeamento das colunas não serve: escolha uma coluna para Nome e use cada outro campo em no máximo uma coluna.",
  import_values_invalid: "O mapeamento de valores de status e origem é inválido.",
  import_mode_locked: "Esta importação já está sendo gravada em outro modo; continue nele.",
  import_file_expired: "O arquivo desta importação não está mais guardado (os arquivos ficam {days} dias). Envie o arquivo de novo.",
  import_rate_limited: "Muitas importações em pouco tempo. Tente novamente em {wait}.",
  /** A row's reason (preview and failed.csv); {field} is a name of fields below. */
  import_issue: {
    required: "{field}: campo obrigatório.",
    too_long: "{field}: texto longo demais (no máximo {max} caracteres).",
    invalid: "{field}: valor inválido.",
    invalid_email: "E-mail inválido: {value}.",
    invalid_phone: "Telefone inválido: {value}. Use DDD e número, ou + e o código do país.",
    invalid_value: "Valor inválido: {value}. Use um número maior ou igual a zero, como 12.345,67 ou 12,345.67.",
    unknown_status: "Status desconhecido: {value}.",
    unknown_source: "Origem desconhecida: {value}.",
    unknown_currency: "Moeda desconhecida: {value}. Use BRL, USD ou EUR.",
    currency_conflict: "Moeda em conflito: o valor {value} não está em {currency}.",
    unknown_owner: "Responsável não encontrado ou inativo: {value}.",
    invalid_date: "Data de criação inválida: {value}. Use AAAA-MM-DD ou DD/MM/AAAA.",
    future_date: "Data de criação no futuro: {value}.",
    too_many_tags: "Tags demais: no máximo {max}.",
    duplicate_email: "E-mail repetido: já aparece na linha {first}.",
    /**
     * The lead fields' names: in a row's reason, and the header row of the export's leads.csv
     * (data-export/, after its ID column), which the import must map back by itself
     * (worker/services/lead-import-columns.ts; tests/api/data-export.test.ts checks it).
     */
    fields: {
      name: "Nome",
      email: "E-mail",
      phone: "Telefone",
      company: "Empresa",
      source: "Origem",
      status: "Status",
      value: "Valor",
      currency: "Moeda",
      tags: "Tags",
      notes: "Notas",
      owner: "Responsável",
      created_at: "Criado em",
    },
    /** failed.csv: the added columns and the file name's first word. */
    csv: {
      line: "Linha",
      reason: "Motivo",
      fileName: "importacao-falhas",
    },
  },
};
