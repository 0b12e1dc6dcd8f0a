import { Cross2Icon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { IconButton, Text, TextField } from "@radix-ui/themes";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { apiClient, call } from "~/modules/crm/api-client";
import { useDebouncedSearch } from "~/modules/crm/use-debounced-search";

export type LeadChoice = { id: string; name: string; company: string | null };

type Option = { kind: "none" } | { kind: "lead"; lead: LeadChoice };

const DEBOUNCE_MS = 250;
const RESULTS = 8;

const searchLeads = (q: string, signal: AbortSignal) =>
  call(apiClient.leads.$get({ query: { q, limit: String(RESULTS) } }, { init: { signal } })).then((page) =>
    page.items.map((lead): LeadChoice => ({ id: lead.id, name: lead.name, company: lead.company })),
  );

const leadLabel = (lead: LeadChoice | null) => (lead ? (lead.company ? `${lead.name} (${lead.company})` : lead.name) : "");

type Props = {
  id: string;
  value: LeadChoice | null;
  onChange: (lead: LeadChoice | null) => void;
  /** True while the list of choices is open: Escape then closes it, not the dialog. */
  listOpen: RefObject<boolean>;
  describedBy?: string;
  invalid?: boolean;
};

/**
 * 'Lead Relacionado': a combobox that searches the leads on the server as you type (there
 * may be 50,000 of them), showing name and company, with 'Nenhum' first. ↑/↓ move, Enter
 * picks, Escape closes the list; leaving the field puts the chosen lead's name back.
 */
export function LeadPicker({ id, value, onChange, listOpen: listOpenRef, describedBy, invalid }: Props) {
  const { t } = useI18n();
  const listId = useId();
  const [text, setText] = useState(leadLabel(value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  // Written once the render is committed (the dialog reads it in its Escape handler).
  useLayoutEffect(() => {
    listOpenRef.current = open;
  }, [open, listOpenRef]);
  const query = text.trim() === leadLabel(value) ? "" : text.trim();
  // The first lead is highlighted when there is one ('Nenhum' is first in the list).
  const search = useDebouncedSearch(open ? query : "", searchLeads, {
    delay: DEBOUNCE_MS,
    onResults: (found) => setActive(found.length > 0 ? 1 : 0),
  });
  const results = search.results ?? [];
  const state = search.status;

  const options: Option[] = [{ kind: "none" }, ...results.map((lead): Option => ({ kind: "lead", lead }))];
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    const lead = option.kind === "lead" ? option.lead : null;
    onChange(lead);
    setText(leadLabel(lead));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      // Never submits the dialog from here: Enter picks the highlighted choice.
      event.preventDefault();
      if (open) choose(options[active]);
      else setOpen(true);
    } else if (event.key === "Escape" && open) {
      setOpen(false);
    }
  };

  const onBlur = () => {
    setOpen(false);
    // An empty field means no lead; otherwise the chosen lead's name comes back.
    if (!text.trim()) {
      if (value) onChange(null);
      setText("");
    } else setText(leadLabel(value));
  };

  const status =
    state === "loading"
      ? t("crm.tasks.dialog.leadSearching")
      : state === "error"
        ? t("crm.tasks.dialog.leadSearchFailed")
        : query && results.length === 0
          ? t("crm.tasks.dialog.leadNoResults")
          : !query
            ? t("crm.tasks.dialog.leadHint")
            : "";

  return (
    <div>
      <TextField.Root
        ref={input}
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        placeholder={value ? undefined : t("crm.tasks.dialog.leadPlaceholder")}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        maxLength={200}
        data-testid="task-lead-input"
      >
        <TextField.Slot>
          <MagnifyingGlassIcon aria-hidden />
        </TextField.Slot>
        {value ? (
          <TextField.Slot>
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={t("crm.tasks.dialog.leadClear")}
              onClick={() => {
                choose({ kind: "none" });
                input.current?.focus();
              }}
            >
              <Cross2Icon />
            </IconButton>
          </TextField.Slot>
        ) : null}
      </TextField.Root>
      <div
        className={open ? "mt-1 rounded-md border p-1" : "hidden"}
        style={{ borderColor: "var(--gray-a6)", background: "var(--color-panel-solid)" }}
      >
        <ul id={listId} role="listbox" aria-label={t("crm.tasks.dialog.lead")} className="m-0 max-h-56 list-none overflow-y-auto p-0">
          {options.map((option, index) => (
            <li
              key={option.kind === "lead" ? option.lead.id : "none"}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-testid="task-lead-option"
              // Keeps the focus in the field, so picking with the mouse does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
              className="cursor-pointer rounded px-2 py-1.5"
              style={index === active ? { background: "var(--accent-a4)" } : undefined}
            >
              {option.kind === "none" ? (
                <Text size="2" color="gray">
                  {t("crm.shared.none")}
                </Text>
              ) : (
                <>
                  <Text as="div" size="2" weight="medium" truncate>
                    {option.lead.name}
                  </Text>
                  {option.lead.company ? (
                    <Text as="div" size="1" color="gray" truncate>
                      {option.lead.company}
                    </Text>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
        {status ? (
          <Text as="p" size="1" color={state === "error" ? "red" : "gray"} role="status" className="px-2 py-1">
            {status}
          </Text>
        ) : null}
      </div>
    </div>
  );
}
