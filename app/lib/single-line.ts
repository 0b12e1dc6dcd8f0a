// Single-line text (names, e-mail addresses, subjects, tags) never carries CR, LF, NUL or
// any other C0 control character (nor DEL): in an e-mail header a line break starts a new
// header ("Bcc: ..."), and in a log or a CSV export it forges a new line. Plain functions,
// no zod, so client code can use them without pulling a library in.

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_ALL = /[\u0000-\u001f\u007f]+/g;

/** True when the text has no C0 control character (tab included) and no DEL. */
export function isSingleLine(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/** The text with every run of control characters replaced by one space, then trimmed. */
export function toSingleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS_ALL, " ").trim();
}
