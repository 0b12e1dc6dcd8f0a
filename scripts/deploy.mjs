// `npm run deploy`: first-time and repeat deployment to Cloudflare with your account
// (`wrangler login` first). Creates the D1 database and the R2 bucket when missing, writes
// the database id into wrangler.toml, applies migrations remotely, sets AUTH_SECRET (and the
// Web Push VAPID key pair) when not set yet, creates the e-mail, push and webhook queues, builds and deploys with APP_ENV=production.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { run } from "./lib/run.mjs";
import { generateVapidKeys } from "./lib/vapid.mjs";

const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";
const wrangler = (...args) => execFileSync("wrangler", args, { encoding: "utf8", stdio: ["pipe", "pipe", "inherit"] });

const config = readFileSync("wrangler.toml", "utf8");
const databaseName = config.match(/database_name\s*=\s*"([^"]+)"/)[1];
const bucketName = config.match(/bucket_name\s*=\s*"([^"]+)"/)[1];

await run("wrangler", ["whoami"]);

if (config.includes(PLACEHOLDER_ID)) {
  console.log(`Creating D1 database ${databaseName}...`);
  const output = wrangler("d1", "create", databaseName);
  const id = output.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
  if (!id) throw new Error(`could not read the new database id from:\n${output}`);
  writeFileSync("wrangler.toml", config.replace(PLACEHOLDER_ID, id));
  console.log(`wrangler.toml now points at database ${id}; commit it.`);
}

try {
  wrangler("r2", "bucket", "create", bucketName);
  console.log(`Created R2 bucket ${bucketName}.`);
} catch {
  console.log(`R2 bucket ${bucketName} exists (or could not be created; see the message above).`);
}

await run("wrangler", ["d1", "migrations", "apply", "DB", "--remote"]);

let secrets = "";
try {
  secrets = wrangler("secret", "list", "--format", "json");
} catch {
  // the Worker does not exist yet: its first secret creates it
}
if (!secrets.includes('"AUTH_SECRET"')) {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const secret = Buffer.from(bytes).toString("base64url");
  execFileSync("wrangler", ["secret", "put", "AUTH_SECRET"], { input: secret, stdio: ["pipe", "inherit", "inherit"] });
}

// Web Push (docs/decisions/029): a VAPID key pair, made once; browsers subscribe with its public key.
if (!secrets.includes('"VAPID_PRIVATE_KEY"') || !secrets.includes('"VAPID_PUBLIC_KEY"')) {
  const keys = await generateVapidKeys();
  execFileSync("wrangler", ["secret", "put", "VAPID_PUBLIC_KEY"], { input: keys.publicKey, stdio: ["pipe", "inherit", "inherit"] });
  execFileSync("wrangler", ["secret", "put", "VAPID_PRIVATE_KEY"], { input: keys.privateKey, stdio: ["pipe", "inherit", "inherit"] });
}
// Webhooks (docs/decisions/032): agency-edge-webhooks and its dead-letter queue.
for (const queue of [
  "agency-edge-email",
  "agency-edge-email-dlq",
  "agency-edge-push",
  "agency-edge-push-dlq",
  "agency-edge-webhooks",
  "agency-edge-webhooks-dlq",
]) {
  try {
    wrangler("queues", "create", queue);
    console.log(`Created queue ${queue}.`);
  } catch {
    console.log(`Queue ${queue} exists (or could not be created; see the message above).`);
  }
}

await run("react-router", ["build"]);
const vars = ["APP_ENV:production"];
// Webhooks to 127.0.0.1 are a local-development setting only (the Worker also ignores it in production).
if (process.env.WEBHOOKS_ALLOW_LOOPBACK) console.log("WEBHOOKS_ALLOW_LOOPBACK is not deployed: it is for npm start and the tests only.");
if (process.env.PUBLIC_ORIGIN) vars.push(`PUBLIC_ORIGIN:${process.env.PUBLIC_ORIGIN}`);
await run("wrangler", ["deploy", ...vars.flatMap((v) => ["--var", v])]);
