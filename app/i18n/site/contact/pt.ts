// Portuguese copy of the public site's contact area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
export const contactPt = {
  meta: {
    title: "Contato",
    description: "Conte sobre o seu projeto de software. Respondemos em até 24 horas com os próximos passos, sem compromisso.",
  },
  hero: {
    eyebrow: "Contato",
    title: "Vamos conversar sobre o seu projeto",
    intro: "Conte o que você quer construir, para quando e com qual orçamento. Uma pessoa da nossa equipe responde em até 24 horas.",
  },
  form: {
    title: "Envie uma mensagem",
    name: "Nome",
    namePlaceholder: "Seu nome completo",
    email: "E-mail",
    emailPlaceholder: "voce@empresa.com",
    message: "Mensagem",
    messagePlaceholder: "O que você quer construir? Há algum prazo ou orçamento em mente?",
    messageHint: "Entre {min} e {max} caracteres.",
    required: "obrigatório",
    honeypot: "Deixe este campo em branco",
    submit: "Enviar mensagem",
    submitting: "Enviando...",
    privacy: "Usamos seus dados apenas para responder a esta mensagem.",
    privacyLink: "Política de Privacidade",
    errors: {
      summary: "Revise os campos destacados.",
      nameRequired: "Informe o seu nome.",
      nameTooShort: "O nome precisa ter pelo menos 2 caracteres.",
      nameTooLong: "O nome pode ter no máximo 100 caracteres.",
      nameInvalid: "O nome deve ficar em uma só linha, sem caracteres de controle.",
      messageRequired: "Escreva a sua mensagem.",
      messageTooShort: "A mensagem precisa ter pelo menos 10 caracteres.",
      messageTooLong: "A mensagem pode ter no máximo 5000 caracteres.",
      invalidBody: "Envie o nome, o e-mail e a mensagem.",
      rateLimited: "Você enviou muitas mensagens em pouco tempo. Tente novamente em {wait}.",
    },
  },
  toasts: {
    success: "Mensagem enviada com sucesso!",
    successDescription: "Obrigado pela sua mensagem. Retornaremos em breve.",
    error: "Falha ao enviar a mensagem",
    errorFallback: "Tente novamente mais tarde.",
  },
  success: {
    title: "Mensagem recebida!",
    body: "Obrigado por entrar em contato. Uma pessoa da nossa equipe vai responder em até 24 horas no e-mail que você informou.",
    again: "Enviar outra mensagem",
  },
  details: {
    title: "Outras formas de falar com a gente",
    response: {
      title: "Resposta em até 24 horas",
      body: "Toda mensagem é lida por uma pessoa, em dias úteis.",
    },
    email: {
      title: "E-mail",
    },
    hours: {
      title: "Horário de atendimento",
      body: "Segunda a sexta, das 9h às 18h (horário de Brasília).",
    },
    countries: {
      title: "Clientes em 15+ países",
      body: "Trabalhamos remotamente com equipes das Américas e da Europa.",
    },
  },
  next: {
    title: "O que acontece depois",
    steps: {
      reply: "Respondemos em até 24 horas com perguntas ou uma proposta de conversa.",
      call: "Uma chamada de descoberta de 30 minutos, gratuita.",
      proposal: "Uma proposta de preço fixo, com prazo e escopo claros.",
    },
  },
  // The e-mail to the team and the CRM timeline entry are read by staff: the CRM is in
  // Portuguese, so the service writes them with this (pt) copy.
  teamEmail: {
    subject: "Nova mensagem de contato: {name}",
    body: "Nova mensagem pelo formulário de contato do site.\n\nNome: {name}\nE-mail: {email}\nIdioma: {language}\n{leadLine}\n\nMensagem:\n{message}",
    leadNew: "Novo lead no CRM: {url}",
    leadExisting: "Lead já existente no CRM (mensagem adicionada ao histórico): {url}",
  },
  crm: {
    activitySubject: "Formulário de contato do site",
    /** The new_lead notification of a lead the contact form created (kind newLeadContactForm). */
    newLeadNotification: "{name} ({email}) enviou o formulário de contato do site.",
  },
} as const;
