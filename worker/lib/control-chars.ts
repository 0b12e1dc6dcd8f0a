// Free text from forms and the API refuses or folds control characters. Matching them is the
// whole point of these patterns, so ESLint's no-control-regex is off for this file alone.
/* eslint-disable no-control-regex */

/** Any C0 control character or DEL (single-line fields, URLs). */
export const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;

/** C0 control characters and DEL other than tab and line feed (multi-line text). */
export const CONTROL_CHAR_EXCEPT_TAB_LF = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * Unicode's directional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069):
 * in a name they turn the rest of a line around ("Ana convidou emaN …"), a spoofing trick in
 * lists, the audit trail and e-mail subjects. Names refuse them (server side only: the check
 * stays out of the pages' shared JavaScript).
 */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** True when the text has no directional override, embedding or isolate. */
export const hasNoBidiControl = (value: string) => !BIDI_CONTROL.test(value);
