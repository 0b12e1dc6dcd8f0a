import type { Dictionary } from "../../pt.ts";

export const aboutEs: Dictionary["site"]["about"] = {
  meta: {
    title: "Sobre nosotros",
    description:
      "Conoce al equipo de Velox Labs: 47 proyectos consecutivos entregados a tiempo, más de 500 mil usuarios impactados y clientes en más de 15 países.",
  },
  hero: {
    eyebrow: "Sobre Velox Labs",
    title: "Un equipo sénior que entrega software a tiempo",
    subtitle:
      "Somos ingenieros, diseñadores y gerentes de producto que convierten ideas en productos en semanas, no en años, con precio fijo y garantía de entrega.",
  },
  stats: {
    title: "Nuestras cifras",
    projects: { label: "proyectos consecutivos entregados a tiempo" },
    users: { label: "usuarios impactados" },
    revenue: { label: "en ingresos generados para clientes" },
    countries: { label: "países atendidos" },
  },
  team: {
    eyebrow: "Equipo",
    title: "Las personas detrás de los proyectos",
    subtitle: "Hablas directamente con quienes construyen. Sin intermediarios, sin cambios de equipo a mitad de camino.",
    members: {
      rafael: {
        role: "Fundador y CEO",
        bio: "Dirigió ingeniería en dos scale-ups antes de fundar Velox Labs para demostrar que el software puede salir a tiempo y dentro del presupuesto.",
      },
      camila: {
        role: "CTO",
        bio: "Arquitecta de sistemas en la nube desde hace 12 años; se asegura de que cada entrega sea segura, escalable y fácil de mantener.",
      },
      diego: {
        role: "Head de Diseño",
        bio: "Diseña productos que las personas entienden desde el primer uso, con investigación de usuarios desde la primera semana.",
      },
      priya: {
        role: "Head de Entregas",
        bio: "Responsable de nuestro historial de plazos: planificación semanal, riesgos visibles y ninguna sorpresa para el cliente.",
      },
    },
  },
  story: {
    eyebrow: "Nuestra historia",
    title: "Nacimos de la frustración con los proyectos atrasados",
    p1: "Tras años viendo proyectos de software tardar de 6 a 12 meses y salirse del presupuesto, nuestros fundadores decidieron hacerlo distinto: equipos pequeños y sénior, alcance claro y precio fijo.",
    p2: "Hoy entregamos en 90 días de media productos que ya han llegado a más de {users} usuarios y han generado más de {revenue} en ingresos para nuestros clientes, desde startups hasta grandes empresas.",
    p3: "Nuestra garantía es simple: a tiempo, dentro del presupuesto, o el mes siguiente corre por nuestra cuenta.",
  },
  values: {
    title: "Cómo trabajamos",
    speed: { title: "Velocidad con método", text: "Ciclos semanales, una demo cada viernes y decisiones rápidas." },
    ownership: { title: "Dueños del resultado", text: "Medimos el éxito por el impacto en tu negocio, no por horas." },
    transparency: { title: "Transparencia total", text: "Sigues plazo, costo y riesgos en tiempo real." },
  },
  cta: {
    title: "¿Construimos tu próximo producto?",
    text: "Cuéntanos tu idea y recibe una propuesta de precio fijo en pocos días.",
    contact: "Habla con nosotros",
    planner: "Planificar mi proyecto",
  },
};
