import { settingsUsersPt } from "./users/pt.ts";
import { settingsSystemPt } from "./system/pt.ts";
/** Settings (/settings, 'Configurações'): the Notificações section. (Portuguese: source of truth.) */
export const settingsPt = {
  sections: "Seções das configurações",
  profile: {
    tab: "Perfil",
    title: "Perfil",
    description: "Seus dados no CRM. O nome aparece para a equipe nos leads, tarefas e no chat.",
    name: "Nome Completo",
    phone: "Telefone",
    email: "E-mail",
    role: "Função",
    readOnly: "O e-mail e a função são definidos por um administrador.",
    save: "Salvar Alterações",
    saving: "Salvando...",
    saved: "Perfil atualizado com sucesso!",
    saveFailed: "Não foi possível atualizar o perfil",
  },
  notifications: {
    tab: "Notificações",
    title: "Notificações",
    description: "Escolha o que o CRM avisa você. As preferências valem para a sua conta em qualquer aparelho.",
    kinds: "Tipos de notificação",
    channels: "Canais e relatórios",
    newLeads: { label: "Novos Leads", hint: "Quando um lead novo chega pelo site (gerentes e administradores)." },
    statusChanges: { label: "Mudanças de Status", hint: "Quando alguém muda o status de um lead atribuído a você." },
    taskReminders: { label: "Lembretes de Tarefas", hint: "Quando uma tarefa sua vence nas próximas 24 horas." },
    meetingReminders: { label: "Lembretes de Reuniões", hint: "Antes das reuniões agendadas." },
    emailNotifications: { label: "Notificações por Email", hint: "Receber os avisos também por e-mail." },
    pushNotifications: { label: "Notificações Push", hint: "Receber os avisos no navegador, mesmo com o CRM fechado." },
    weeklyReports: {
      label: "Relatórios Semanais",
      hint: "Por e-mail, segunda-feira às 08:00: os números e os melhores vendedores da semana anterior.",
    },
    monthlyReports: {
      label: "Relatórios Mensais",
      hint: "Por e-mail, no dia 1º às 08:00: os números e os melhores vendedores do mês anterior.",
    },
    note: "Tarefas e leads atribuídos a você sempre geram notificação. Lembretes de reuniões, e-mail e push ficam guardados para quando esses envios estiverem disponíveis.",
    save: "Salvar Configurações",
    saving: "Salvando...",
    saved: "Configurações de notificação salvas!",
    saveFailed: "Não foi possível salvar as configurações",
  },
  users: settingsUsersPt,
  system: settingsSystemPt,
};
