// A stored phone as staff read it (issue 20): "+5511988887777" → "(11) 98888-7777", another
// country's number in the international format ("+1 415 555 0132"). Phones are stored in
// E.164 (phone.ts; migration 0011 rewrote the old rows it could read), so this only reads
// that form and shows anything else as it was typed. Tiny: the leads screen's first load
// carries it.

/** Country codes of one or two digits (ITU E.164 zones); every other one has three. */
const SHORT_COUNTRY_CODE = /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** "(11) 98888-7777", "(31) 3222-1100", "+44 207 946 0958"; text that is not E.164 as typed. */
export function formatPhone(phone: string): string {
  const digits = /^\+(\d{8,15})$/.exec(phone.trim())?.[1];
  if (!digits) return phone.trim();
  const brazil = /^55(\d\d)(\d{4,5})(\d{4})$/.exec(digits);
  if (brazil) return `(${brazil[1]}) ${brazil[2]}-${brazil[3]}`;
  const code = SHORT_COUNTRY_CODE.exec(digits)?.[0].length ?? 3;
  const groups = [];
  let rest = digits.slice(code);
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  return `+${digits.slice(0, code)} ${[...groups, rest].join(" ")}`;
}
