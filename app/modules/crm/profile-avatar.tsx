import { Avatar } from "@radix-ui/themes";

/**
 * The signed-in user's photo once it has loaded, their initial otherwise (the sidebar's user
 * card and the top bar's user menu). Decorative: their name is always beside it or in the
 * control's label.
 */
export function ProfileAvatar({ name, src, testId }: { name: string; src: string | null | undefined; testId?: string }) {
  return (
    <Avatar
      size="2"
      radius="full"
      fallback={name.charAt(0).toUpperCase()}
      src={src ?? undefined}
      alt=""
      color="indigo"
      data-testid={testId}
    />
  );
}
