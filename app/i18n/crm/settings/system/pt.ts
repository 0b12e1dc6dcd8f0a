import { dataImportPt } from "./data-import/pt.ts";
import { dataImportRunPt } from "./data-import-run/pt.ts";
import { dataExportPt } from "./data-export/pt.ts";
import { backupsPt } from "./backups/pt.ts";
/** Settings → Sistema (crm.md §2; issue 22). (Portuguese: source of truth.) */
export const settingsSystemPt = {
  tab: "Sistema",
  title: "Configurações do sistema",
  description: "Valem para toda a organização: o nome da empresa no CRM e nos e-mails, o fuso e a moeda de datas e valores.",
  companyName: "Nome da Empresa",
  timeZone: "Fuso Horário",
  timeZoneHint: "Dias, semanas e meses dos relatórios, e-mails e datas exibidas seguem este fuso.",
  timeZones: {
    saoPaulo: "São Paulo (Brasília)",
    newYork: "Nova York (Leste dos EUA)",
    london: "Londres (Reino Unido)",
  },
  currency: "Moeda",
  currencyHint: "Moeda padrão dos novos leads e dos totais; valores já cadastrados nunca são convertidos.",
  currencies: {
    BRL: "Real brasileiro (R$)",
    USD: "Dólar americano (US$)",
    EUR: "Euro (€)",
  },
  switches: "Funcionamento",
  autoBackup: {
    label: "Backup Automático",
    hint: "Uma cópia de todos os dados por dia, a partir das 03:00, guardada por 14 dias. Os administradores podem baixar cada cópia.",
  },
  maintenanceMode: {
    label: "Modo Manutenção",
    hint: "O site público deixa de receber contatos, inscrições e leads do chat e avisa que voltamos em breve. A equipe segue usando o CRM.",
  },
  debugMode: {
    label: "Modo Debug",
    hint: "Cada resposta leva um identificador (X-Request-Id) e cada requisição gera uma linha de log, sem senhas, tokens nem conteúdo.",
  },
  maintenanceActive: "O modo manutenção está ativo: o site público não aceita envios.",
  save: "Salvar",
  saving: "Salvando...",
  saved: "Configurações do sistema salvas!",
  saveFailed: "Não foi possível salvar as configurações",
  readOnly: "Somente administradores podem alterar as configurações do sistema.",
  updated: "Última alteração por {name} em {date}.",
  cache: {
    title: "Dados guardados neste navegador",
    description:
      "Apaga o que este navegador guarda do CRM: os números do painel, a visualização escolhida dos leads e os filtros lembrados.",
    button: "Limpar Cache",
    cleared: "Cache limpo",
    clearedDescription: "Os números do painel, a visualização dos leads e os filtros lembrados foram apagados deste navegador.",
  },
  data: {
    title: "Dados",
    description: "Traga leads de uma planilha ou de outro CRM, e leve todos os dados do CRM quando quiser.",
  },
  dataImport: dataImportPt,
  dataImportRun: dataImportRunPt,
  dataExport: dataExportPt,
  backups: backupsPt,
};
