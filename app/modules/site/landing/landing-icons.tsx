// Icons only the landing's sections draw: kept out of the public
// site's shared chunk, which every page loads (decorative: aria-hidden).
import { iconBase, type IconProps } from "~/modules/site/ui/icons";

export function CrossIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 20 20" className={className}>
      <path d="m5.5 5.5 9 9M14.5 5.5l-9 9" />
    </svg>
  );
}

export function LockIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

export function SearchIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4 4" />
    </svg>
  );
}

export function PenIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </svg>
  );
}

export function RocketIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <path d="M14 4c3.5 0 6 2.5 6 6-1.6 3.5-5 6.5-8.5 8L6 12.5C7.5 9 10.5 5.6 14 4z" />
      <path d="M6 12.5 3.5 12 6 8.5h3.5M11.5 18l.5 2.5 3.5-2.5V14.5" />
      <circle cx="14.5" cy="9.5" r="1.5" />
      <path d="M6.5 17.5 4 20" />
    </svg>
  );
}

export function ChartIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <path d="M4 20V4M4 20h16" />
      <path d="m7.5 15 4-4.5 3 3L20 7" />
    </svg>
  );
}

export function ClockIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function ShieldIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} viewBox="0 0 24 24" className={className}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
    </svg>
  );
}
