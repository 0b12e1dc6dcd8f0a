import type { Dictionary } from "../../pt.ts";

export const contactEn: Dictionary["site"]["contact"] = {
  meta: {
    title: "Contact",
    description: "Tell us about your software project. We reply within 24 hours with clear next steps, no strings attached.",
  },
  hero: {
    eyebrow: "Contact",
    title: "Let's talk about your project",
    intro: "Tell us what you want to build, by when and on what budget. A person on our team will reply within 24 hours.",
  },
  form: {
    title: "Send us a message",
    name: "Name",
    namePlaceholder: "Your full name",
    email: "Email",
    emailPlaceholder: "you@company.com",
    message: "Message",
    messagePlaceholder: "What do you want to build? Any deadline or budget in mind?",
    messageHint: "Between {min} and {max} characters.",
    required: "required",
    honeypot: "Leave this field empty",
    submit: "Send Message",
    submitting: "Sending...",
    privacy: "We only use your details to reply to this message.",
    privacyLink: "Privacy Policy",
    errors: {
      summary: "Please check the highlighted fields.",
      nameRequired: "Please enter your name.",
      nameTooShort: "Your name must be at least 2 characters long.",
      nameTooLong: "Your name can be at most 100 characters long.",
      nameInvalid: "Your name must fit on one line, without control characters.",
      messageRequired: "Please write your message.",
      messageTooShort: "Your message must be at least 10 characters long.",
      messageTooLong: "Your message can be at most 5000 characters long.",
      invalidBody: "Please send your name, email and message.",
      rateLimited: "You have sent several messages in a short time. Please try again in {wait}.",
    },
  },
  toasts: {
    success: "Message sent successfully!",
    successDescription: "Thank you for your message. We'll get back to you soon.",
    error: "Failed to send message",
    errorFallback: "Please try again later.",
  },
  success: {
    title: "Message received!",
    body: "Thanks for reaching out. A person on our team will reply within 24 hours at the email you gave us.",
    again: "Send Another Message",
  },
  details: {
    title: "Other ways to reach us",
    response: {
      title: "Reply within 24 hours",
      body: "Every message is read by a person, on business days.",
    },
    email: {
      title: "Email",
    },
    hours: {
      title: "Office hours",
      body: "Monday to Friday, 9 am to 6 pm (Brasília time, UTC−3).",
    },
    countries: {
      title: "Clients in 15+ countries",
      body: "We work remotely with teams across the Americas and Europe.",
    },
  },
  next: {
    title: "What happens next",
    steps: {
      reply: "We reply within 24 hours with questions or a time to talk.",
      call: "A free 30-minute discovery call.",
      proposal: "A fixed-price proposal with a clear timeline and scope.",
    },
  },
  teamEmail: {
    subject: "New contact message: {name}",
    body: "New message from the website contact form.\n\nName: {name}\nEmail: {email}\nLanguage: {language}\n{leadLine}\n\nMessage:\n{message}",
    leadNew: "New lead in the CRM: {url}",
    leadExisting: "Existing lead in the CRM (message added to its timeline): {url}",
  },
  crm: {
    activitySubject: "Website contact form",
    /** The new_lead notification of a lead the contact form created (kind newLeadContactForm). */
    newLeadNotification: "{name} ({email}) sent the website's contact form.",
  },
};
