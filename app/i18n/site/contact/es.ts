import type { Dictionary } from "../../pt.ts";

export const contactEs: Dictionary["site"]["contact"] = {
  meta: {
    title: "Contacto",
    description: "Cuéntanos sobre tu proyecto de software. Respondemos en menos de 24 horas con los próximos pasos, sin compromiso.",
  },
  hero: {
    eyebrow: "Contacto",
    title: "Hablemos de tu proyecto",
    intro:
      "Cuéntanos qué quieres construir, para cuándo y con qué presupuesto. Una persona de nuestro equipo te responderá en menos de 24 horas.",
  },
  form: {
    title: "Envíanos un mensaje",
    name: "Nombre",
    namePlaceholder: "Tu nombre completo",
    email: "Correo electrónico",
    emailPlaceholder: "tu@empresa.com",
    message: "Mensaje",
    messagePlaceholder: "¿Qué quieres construir? ¿Tienes algún plazo o presupuesto en mente?",
    messageHint: "Entre {min} y {max} caracteres.",
    required: "obligatorio",
    honeypot: "Deja este campo en blanco",
    submit: "Enviar mensaje",
    submitting: "Enviando...",
    privacy: "Solo usamos tus datos para responder a este mensaje.",
    privacyLink: "Política de Privacidad",
    errors: {
      summary: "Revisa los campos marcados.",
      nameRequired: "Escribe tu nombre.",
      nameTooShort: "El nombre debe tener al menos 2 caracteres.",
      nameTooLong: "El nombre puede tener como máximo 100 caracteres.",
      nameInvalid: "El nombre debe ir en una sola línea, sin caracteres de control.",
      messageRequired: "Escribe tu mensaje.",
      messageTooShort: "El mensaje debe tener al menos 10 caracteres.",
      messageTooLong: "El mensaje puede tener como máximo 5000 caracteres.",
      invalidBody: "Envía tu nombre, tu correo y tu mensaje.",
      rateLimited: "Has enviado varios mensajes en poco tiempo. Inténtalo de nuevo en {wait}.",
    },
  },
  toasts: {
    success: "¡Mensaje enviado con éxito!",
    successDescription: "Gracias por tu mensaje. Te responderemos pronto.",
    error: "No se pudo enviar el mensaje",
    errorFallback: "Inténtalo de nuevo más tarde.",
  },
  success: {
    title: "¡Mensaje recibido!",
    body: "Gracias por escribirnos. Una persona de nuestro equipo te responderá en menos de 24 horas al correo que nos indicaste.",
    again: "Enviar otro mensaje",
  },
  details: {
    title: "Otras formas de contactarnos",
    response: {
      title: "Respuesta en menos de 24 horas",
      body: "Cada mensaje lo lee una persona, en días hábiles.",
    },
    email: {
      title: "Correo electrónico",
    },
    hours: {
      title: "Horario de atención",
      body: "De lunes a viernes, de 9 a 18 h (hora de Brasilia, UTC−3).",
    },
    countries: {
      title: "Clientes en más de 15 países",
      body: "Trabajamos en remoto con equipos de América y Europa.",
    },
  },
  next: {
    title: "Qué pasa después",
    steps: {
      reply: "Respondemos en menos de 24 horas con preguntas o una propuesta para hablar.",
      call: "Una llamada de descubrimiento de 30 minutos, gratuita.",
      proposal: "Una propuesta de precio fijo, con plazo y alcance claros.",
    },
  },
  teamEmail: {
    subject: "Nuevo mensaje de contacto: {name}",
    body: "Nuevo mensaje desde el formulario de contacto del sitio.\n\nNombre: {name}\nCorreo: {email}\nIdioma: {language}\n{leadLine}\n\nMensaje:\n{message}",
    leadNew: "Nuevo lead en el CRM: {url}",
    leadExisting: "Lead ya existente en el CRM (mensaje añadido a su historial): {url}",
  },
  crm: {
    activitySubject: "Formulario de contacto del sitio",
    /** The new_lead notification of a lead the contact form created (kind newLeadContactForm). */
    newLeadNotification: "{name} ({email}) envió el formulario de contacto del sitio.",
  },
};
