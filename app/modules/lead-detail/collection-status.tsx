import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import type { Collection } from "./use-collection";

/**
 * A tab's list in its states: loading text, the load error with "Tentar novamente", the
 * empty text, or the list itself (children).
 */
export function CollectionStatus<T>({
  collection,
  loadError,
  empty,
  children,
}: {
  collection: Collection<T>;
  loadError: string;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (collection.status === "idle" || collection.status === "loading") {
    return (
      <Text as="p" size="2" color="gray" role="status">
        {t("crm.frame.loading")}
      </Text>
    );
  }
  if (collection.status === "error") {
    return (
      <Flex direction="column" gap="3" align="start">
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>
            {loadError}
            {collection.error ? `: ${collection.error}` : ""}
          </Callout.Text>
        </Callout.Root>
        <Button variant="soft" size="2" onClick={collection.reload}>
          {t("crm.shared.actions.retry")}
        </Button>
      </Flex>
    );
  }
  if (collection.items.length === 0) {
    return (
      <Text as="p" size="2" color="gray" className="py-6 text-center">
        {empty}
      </Text>
    );
  }
  return <>{children}</>;
}

/** "Carregar mais" under a list with another page (and the reason if that page failed). */
export function LoadMore<T>({ collection }: { collection: Collection<T> }) {
  const { t } = useI18n();
  if (!collection.nextCursor) return null;
  return (
    <Flex direction="column" align="center" gap="2" mt="3">
      {collection.error && (
        <Text size="1" color="red" role="alert">
          {collection.error}
        </Text>
      )}
      <Button
        variant="soft"
        color="gray"
        onClick={collection.loadMore}
        disabled={collection.loadingMore}
        aria-busy={collection.loadingMore}
      >
        {collection.loadingMore ? t("crm.frame.loading") : t("crm.shared.actions.loadMore")}
      </Button>
    </Flex>
  );
}
