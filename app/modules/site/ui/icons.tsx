// Small inline icons of several public pages (decorative: aria-hidden). They are in the
// chunk every public page loads: an icon one page or section draws lives with it instead.

export type IconProps = { className?: string };

export const iconBase = {
  "aria-hidden": true,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function ArrowRightIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 20 20" className={className}>
      <path d="M4 10h12M11 5l5 5-5 5" />
    </svg>
  );
}

export function CheckIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 20 20" className={className}>
      <path d="m4.5 10.5 3.5 3.5 7.5-8" />
    </svg>
  );
}
