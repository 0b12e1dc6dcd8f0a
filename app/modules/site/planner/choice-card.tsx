import { useId, type ReactNode } from "react";

type ChoiceCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  label: ReactNode;
  description?: ReactNode;
  /** Tighter padding, for short options (urgency, team size). */
  compact?: boolean;
  required?: boolean;
};

/**
 * One option of a radio-card group: a real <input type="radio"> stretched over the card, so
 * clicks anywhere on it, arrow keys inside the group and screen readers all work; the
 * card shows the checked and keyboard-focus states. Its accessible name is the label only,
 * the description is attached with aria-describedby.
 */
export function ChoiceCard({ name, value, checked, onSelect, label, description, compact, required }: ChoiceCardProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="relative">
      <input
        id={inputId}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        required={required}
        onChange={() => onSelect(value)}
        aria-describedby={descriptionId}
        className="peer absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none rounded-xl opacity-0"
      />
      <div
        className={`h-full rounded-xl border bg-white transition-colors peer-hover:border-brand-500 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:ring-1 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
          compact ? "px-3 py-2.5" : "p-4"
        } border-slate-200`}
      >
        <div className="flex items-start justify-between gap-3">
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
            {label}
          </label>
          {/* Styled from the input's :checked state (CSS), so it is right without JavaScript too. */}
          <span
            aria-hidden="true"
            className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white [.peer:checked~*_&]:border-brand-600 [.peer:checked~*_&]:bg-brand-600"
          >
            <span className="h-1.5 w-1.5 rounded-full bg-white" />
          </span>
        </div>
        {description ? (
          <p id={descriptionId} className="mt-1 text-xs leading-relaxed text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
