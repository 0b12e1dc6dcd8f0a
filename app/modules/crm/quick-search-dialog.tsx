import { CheckCircledIcon, Cross2Icon, FileTextIcon, MagnifyingGlassIcon, PersonIcon } from "@radix-ui/react-icons";
import { Badge, Dialog, Flex, IconButton, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatDate } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import type { QuickSearchDto } from "@worker/services/crm-types";
import { apiClient, call } from "./api-client.ts";
import { useDebouncedSearch } from "./use-debounced-search.ts";
import { useOrg } from "~/modules/crm/org-settings";

type Item =
  | { kind: "lead"; id: string; href: string; lead: QuickSearchDto["leads"][number] }
  | { kind: "task"; id: string; href: string; task: QuickSearchDto["tasks"][number] };

const DEBOUNCE_MS = 150;

const searchCrm = (q: string, signal: AbortSignal): Promise<QuickSearchDto> =>
  call(apiClient.search.$get({ query: { q } }, { init: { signal } }));

/** The results in the order the arrows walk them: leads, then tasks. */
function searchItems(results: QuickSearchDto): Item[] {
  return [
    ...results.leads.map((lead): Item => ({ kind: "lead", id: lead.id, href: `/leads?lead=${encodeURIComponent(lead.id)}`, lead })),
    ...results.tasks.map((task): Item => ({ kind: "task", id: task.id, href: `/tasks?task=${encodeURIComponent(task.id)}`, task })),
  ];
}

/**
 * Ctrl/⌘+K: a combobox over leads and tasks. Typing searches the server (debounced);
 * ↑/↓ move through the results, Enter opens one, Escape closes.
 */
export default function QuickSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const text = query.trim();
  const { results, status: state } = useDebouncedSearch(text, searchCrm, { delay: DEBOUNCE_MS, onResults: () => setActive(0) });
  // Where focus was when the search opened (the button, or whatever had it for Ctrl+K).
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const items = useMemo(() => (results ? searchItems(results) : []), [results]);

  useEffect(() => {
    if (open) returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  // Closing clears the search.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setQuery("");
      setActive(0);
    }
  }

  const choose = (item: Item | undefined) => {
    if (!item) return;
    onOpenChange(false);
    navigate(item.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === "Home" && items.length > 0 && event.ctrlKey) {
      setActive(0);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(items[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const leadCount = results?.leads.length ?? 0;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="560px"
        className="max-sm:!fixed max-sm:!inset-0 max-sm:!max-h-none max-sm:!rounded-none"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          // Back to where the user was (Radix would focus the body: the dialog has no trigger).
          const target = returnFocusRef.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <VisuallyHidden>
          <Dialog.Title>{t("crm.search.title")}</Dialog.Title>
        </VisuallyHidden>
        <Flex gap="2" align="center">
          <TextField.Root
            size="3"
            className="min-w-0 flex-1"
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("crm.search.placeholder")}
            aria-label={t("crm.search.label")}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
            data-testid="quick-search-input"
            maxLength={200}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          {/* On a phone the dialog is the whole screen: a visible way out besides Escape. */}
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" size="3" aria-label={t("crm.shared.actions.close")} data-testid="quick-search-close">
              <Cross2Icon width={18} height={18} />
            </IconButton>
          </Dialog.Close>
        </Flex>

        <div className="mt-3 max-h-[60vh] overflow-y-auto" aria-live="polite">
          {state === "loading" && !results ? (
            <Text size="2" color="gray" role="status">
              {t("crm.search.searching")}
            </Text>
          ) : state === "error" ? (
            <Text size="2" color="red" role="alert">
              {t("crm.search.error")}
            </Text>
          ) : !text ? (
            <Text size="2" color="gray">
              {t("crm.search.hint")}
            </Text>
          ) : results && items.length === 0 ? (
            <Text size="2" color="gray" role="status">
              {t("crm.search.empty", { query: text })}
            </Text>
          ) : null}

          {/* One listbox; its two groups are labelled headings inside it. */}
          <ul id={listId} role="listbox" aria-label={t("crm.search.label")} className={items.length ? "m-0 list-none p-0" : "hidden"}>
            {items.map((item, index) => {
              const selected = index === active;
              const heading =
                index === 0 && item.kind === "lead"
                  ? t("crm.search.leads")
                  : index === leadCount && item.kind === "task"
                    ? t("crm.search.tasks")
                    : null;
              return (
                <li
                  key={`${item.kind}-${item.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-testid="quick-search-option"
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(item)}
                  className="cursor-pointer rounded-md px-3 py-2"
                  style={selected ? { background: "var(--accent-a4)" } : undefined}
                >
                  {heading ? (
                    <Text as="div" size="1" weight="bold" color="gray" mb="1" aria-hidden>
                      {heading}
                    </Text>
                  ) : null}
                  {item.kind === "lead" ? (
                    <Flex align="center" gap="2" className="min-w-0">
                      <PersonIcon aria-hidden className="shrink-0" />
                      <Text size="2" weight="medium" truncate>
                        {item.lead.name}
                      </Text>
                      <Text size="1" color="gray" truncate className="min-w-0 flex-1">
                        {[item.lead.company, item.lead.email].filter(Boolean).join(" · ")}
                      </Text>
                      <Badge size="1" className="shrink-0">
                        {t(`crm.shared.statuses.${item.lead.status}`)}
                      </Badge>
                    </Flex>
                  ) : (
                    <Flex align="center" gap="2" className="min-w-0">
                      {item.task.completed ? (
                        <CheckCircledIcon aria-hidden className="shrink-0" />
                      ) : (
                        <FileTextIcon aria-hidden className="shrink-0" />
                      )}
                      <Text size="2" weight="medium" truncate className={item.task.completed ? "line-through" : undefined}>
                        {item.task.title}
                      </Text>
                      <Text size="1" color="gray" truncate className="min-w-0 flex-1">
                        {[
                          item.task.lead_name,
                          item.task.due_date ? formatDate(item.task.due_date, language, timeZone) : t("crm.search.noDate"),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                      {item.task.completed ? (
                        <Badge size="1" color="green" className="shrink-0">
                          {t("crm.search.completed")}
                        </Badge>
                      ) : null}
                    </Flex>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
        <Text as="p" size="1" color="gray" mt="3" className="max-sm:hidden">
          {t("crm.search.keys")}
        </Text>
      </Dialog.Content>
    </Dialog.Root>
  );
}
