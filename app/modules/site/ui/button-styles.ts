/**
 * The public site's one look for buttons and button-like links (`<button>`, `<Link>`, `<a>`).
 * Tailwind classes only, so pages stay light (no component library on the public site).
 *
 *   <Link to={...} className={buttonClass()}>…</Link>
 *   <button className={`${buttonClass({ size: "lg", block: true })} mt-8`}>…</button>
 *
 * Append layout classes (margins, `shrink-0`, `max-sm:hidden`) after the call; don't append
 * classes that fight the ones returned here (colours, padding, display), as Tailwind's CSS
 * order, not the class string's order, would decide which one wins.
 */
export type ButtonVariant =
  /** Brand-filled call to action on a light background. */
  | "primary"
  /** Outlined, white, on a light background: the quieter choice next to a primary. */
  | "secondary"
  /** Brand-filled on a near-black background (the white focus ring stays visible). */
  | "primaryOnDark"
  /** White with brand text on a brand or dark background. */
  | "onDark"
  /** White outline on a brand or dark background: the quieter choice next to `onDark`. */
  | "onDarkOutline";

export type ButtonSize = "sm" | "md" | "lg";

export type ButtonStyleOptions = {
  variant?: ButtonVariant;
  /** sm: header and compact bars; md: in-page actions; lg: landing page calls to action. */
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  /**
   * The button is disabled because its form is being sent: dim it with a wait cursor instead
   * of the greyed-out "not available yet" look.
   */
  busy?: boolean;
};

type VariantStyle = {
  colours: string;
  /** Shadow at sm and md. */
  shadow: string;
  /** Shadow at lg, where the button is the page's main call to action. */
  raisedShadow: string;
  disabled: string;
};

const DIMMED_WHEN_DISABLED = "disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, VariantStyle> = {
  primary: {
    colours: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
    shadow: "shadow-sm",
    raisedShadow: "shadow-lg shadow-brand-600/25",
    disabled: "disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none",
  },
  secondary: {
    colours: "border border-slate-300 bg-white text-ink-900 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-600",
    shadow: "shadow-sm",
    raisedShadow: "shadow-sm",
    disabled: DIMMED_WHEN_DISABLED,
  },
  primaryOnDark: {
    colours: "bg-brand-500 text-white hover:bg-brand-600 focus-visible:outline-white",
    shadow: "shadow-sm",
    raisedShadow: "shadow-sm",
    disabled: DIMMED_WHEN_DISABLED,
  },
  onDark: {
    colours: "bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-white",
    shadow: "shadow-sm",
    raisedShadow: "shadow-lg",
    disabled: DIMMED_WHEN_DISABLED,
  },
  onDarkOutline: {
    colours: "border border-white/60 text-white hover:bg-white/10 focus-visible:outline-white",
    shadow: "",
    raisedShadow: "",
    disabled: DIMMED_WHEN_DISABLED,
  },
};

const SIZES: Record<ButtonSize, string> = {
  sm: "rounded-lg px-4 py-2 text-sm",
  md: "rounded-lg px-5 py-3 text-sm",
  lg: "rounded-xl px-6 py-3.5 text-base",
};

const BASE = "items-center justify-center gap-2 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2";

const BUSY = "disabled:cursor-wait disabled:opacity-75";

export function buttonClass({ variant = "primary", size = "md", block = false, busy = false }: ButtonStyleOptions = {}): string {
  const style = VARIANTS[variant];
  return [
    block ? "flex w-full" : "inline-flex",
    BASE,
    SIZES[size],
    style.colours,
    size === "lg" ? style.raisedShadow : style.shadow,
    busy ? BUSY : style.disabled,
  ]
    .filter(Boolean)
    .join(" ");
}
