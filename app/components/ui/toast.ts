// A toast's data, apart from the toaster: the toast item (a chunk loaded when the page is
// idle) needs the type without importing the toaster that loads it.
import type { ReactNode } from "react";

export type ToastInput = {
  title: string;
  /** A line of text, or a small element under the title (the pipeline's 'Desfazer' button). */
  description?: ReactNode;
  variant?: "default" | "success" | "destructive";
  /** Milliseconds before it hides itself; errors stay a little longer by default. */
  duration?: number;
  /**
   * A toast that says how one thing goes (an export: started, then done or failed): a new toast
   * with the same key takes the place of the one shown, rather than stacking under it.
   */
  key?: string;
};

export type Toast = ToastInput & { id: number };
