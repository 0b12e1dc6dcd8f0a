/** Settings → Notificações → Notificações Push: this browser's permission and the devices list (issue 24). (Portuguese: source of truth.) */
export const settingsPushPt = {
  title: "Aparelhos com push",
  description:
    "Os navegadores que recebem os avisos desta conta, mesmo com o CRM fechado. Nada chega a eles enquanto o CRM está aberto e visível em uma aba.",
  loading: "Carregando aparelhos...",
  loadFailed: "Não foi possível carregar os aparelhos.",
  retry: "Tentar novamente",
  empty: "Nenhum aparelho recebe push ainda. Ligue “Notificações Push” acima, neste navegador, para adicioná-lo.",
  listLabel: "Aparelhos que recebem push",
  unknownBrowser: "Navegador desconhecido",
  thisBrowser: "Este navegador",
  lastUsed: "Último aviso: {date}",
  neverUsed: "Nenhum aviso enviado ainda",
  addedAt: "Adicionado em {date}",
  remove: "Remover",
  removeLabel: "Remover {device}",
  removed: "Aparelho removido. Ele não recebe mais push.",
  removeFailed: "Não foi possível remover o aparelho",
  asking: "Aguardando a permissão do navegador...",
  enabled: "Push ativado neste navegador. Salve as configurações para começar a receber.",
  denied:
    "O navegador bloqueou as notificações deste site. Para receber push, permita as notificações nas configurações do site (o ícone ao lado do endereço) e ligue o switch de novo.",
  unsupported: "Este navegador não recebe notificações push. No iPhone e no iPad, adicione o CRM à Tela de Início e abra-o por lá.",
  unavailable: "O envio de push não está configurado neste servidor. Fale com quem administra o CRM.",
  failed: "Não foi possível ativar o push neste navegador.",
  addThis: "Ativar neste navegador",
  off: "“Notificações Push” está desligado: nenhum aparelho recebe avisos até você ligá-lo e salvar.",
};
