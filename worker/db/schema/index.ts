export * from "./enums.ts";
export * from "./users.ts";
export * from "./auth.ts";
export * from "./leads.ts";
export * from "./tasks.ts";
export * from "./notifications.ts";
export * from "./chat.ts";
export * from "./site.ts";
