// Free text from forms and the API refuses or folds control characters. Matching them is the
// whole point of these patterns, so ESLint's no-control-regex is off for this file alone.
/* eslint-disable no-control-regex */

/** Any C0 control character or DEL (single-line fields, URLs). */
export const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;

/** C0 control characters and DEL other than tab and line feed (multi-line text). */
export const CONTROL_CHAR_EXCEPT_TAB_LF = /[\u0000-\u0008\u000b-\u001f\u007f]/;
