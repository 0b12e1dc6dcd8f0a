import { Button, Flex, Heading, Text } from "@radix-ui/themes";

/** A settings card's heading (its form's or section's label: `${id}-title`) and what the card is for. */
export function SettingsCardHeader({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div>
      <Heading as="h2" size="4" id={`${id}-title`}>
        {title}
      </Heading>
      <Text as="p" size="2" color="gray" mt="1">
        {description}
      </Text>
    </div>
  );
}

/** A settings form's submit at the card's end: its label, or the busy one while it saves. */
export function SettingsSaveButton({
  saving,
  label,
  busyLabel,
  testId,
}: {
  saving: boolean;
  label: string;
  busyLabel: string;
  testId: string;
}) {
  return (
    <Flex justify="end">
      <Button type="submit" disabled={saving} data-testid={testId}>
        {saving ? busyLabel : label}
      </Button>
    </Flex>
  );
}
