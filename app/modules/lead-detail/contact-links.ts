// Placeholder until app/modules/leads/contact-links.ts (the leads screen's) lands.

/** wa.me chat link from the phone's digits (Brazilian numbers get 55) with a greeting. */
export function whatsappLink(phone: string, greeting: string): string {
  const digits = phone.replace(/\D/g, "");
  const number = digits.length <= 11 ? `55${digits}` : digits;
  return `https://wa.me/${number}?text=${encodeURIComponent(greeting)}`;
}

export function mailtoLink(email: string): string {
  return `mailto:${email}`;
}
