// Links that reach a lead outside the CRM: a WhatsApp chat (wa.me) and an e-mail (mailto).
// Used by the leads list and pipeline cards and by the lead detail dialog's header.

/**
 * The digits wa.me expects: country code and number. A Brazilian number written without a
 * country code ("(11) 98765-4321", 10 or 11 digits with the area code) gets 55 in front; a
 * number written with "+" or "00" is taken as international and kept as it is.
 */
export function whatsappDigits(phone: string): string {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
  digits = digits.replace(/^0+/, "");
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/**
 * A WhatsApp chat with the phone's owner, the greeting already typed
 * (`https://wa.me/5511987654321?text=Ol%C3%A1%20Ana%2C%20tudo%20bem%3F`). Null when the phone
 * has no digits.
 */
export function whatsappLink(phone: string | null | undefined, greeting: string): string | null {
  if (!phone) return null;
  const digits = whatsappDigits(phone);
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}`;
}

/** A mailto: link to the address, or null without one. */
export function mailtoLink(email: string | null | undefined): string | null {
  const address = email?.trim();
  if (!address) return null;
  // encodeURI keeps @ and + readable; a stray ? or # would start the query or fragment.
  return `mailto:${encodeURI(address).replace(/[?#]/g, encodeURIComponent)}`;
}
