/** Settings → Sistema: Backups automáticos (issue 23). (Portuguese: source of truth.) */
export const backupsPt = {
  title: "Backups automáticos",
  description:
    "Uma cópia de todos os dados do CRM por dia, feita a partir das 03:00 e guardada por 14 dias. Baixe uma para guardar fora do CRM.",
  on: "Backup automático ligado",
  off: "Backup automático desligado",
  offDescription: "Nenhum backup novo é feito até que o backup automático seja ligado acima. Os backups já feitos continuam aqui.",
  empty: "Nenhum backup ainda. O primeiro é feito na próxima madrugada com o backup automático ligado.",
  emptyOff: "Nenhum backup ainda. Ligue o backup automático acima e o primeiro é feito na próxima madrugada.",
  loading: "Carregando backups...",
  loadFailed: "Não foi possível carregar os backups.",
  retry: "Tentar novamente",
  listLabel: "Backups disponíveis",
  rows: { one: "{count} registro", other: "{count} registros" },
  madeAt: "Feito às {time}",
  download: "Baixar",
  downloadLabel: "Baixar o backup de {date} (ZIP)",
  restoreTitle: "Como restaurar",
  restoreHint:
    "Quem administra o servidor do CRM restaura um backup baixado: envie o arquivo a essa pessoa. A restauração troca todos os dados do CRM pelos do dia do backup.",
};
