import { Hono } from "hono";
import { getDb } from "../db/client.ts";
import { requestLanguage } from "../lib/request-language.ts";
import type { AppEnv } from "./context.ts";
import { onError, onNotFound } from "./errors.ts";
import { healthApi } from "./health.ts";

const app = new Hono<AppEnv>().basePath("/api");

app.use(async (c, next) => {
  c.set("language", requestLanguage(c.req.raw));
  c.set("db", getDb(c.env.DB));
  await next();
});

/** One sub-app per resource, chained so `hc<AppType>` keeps every route's types. */
const routes = app.route("/health", healthApi);

app.onError(onError);
app.notFound(onNotFound);

export const api = routes;
export type AppType = typeof routes;
