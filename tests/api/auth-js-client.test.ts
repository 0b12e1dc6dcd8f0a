import { GoTrueClient } from "@supabase/auth-js";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../factories/index.ts";
import { db, eventually } from "../helpers.ts";

// The real @supabase/auth-js client, pointed at <origin>/api/auth, with its HTTP calls
// going through the Worker's fetch handler.
function client() {
  return new GoTrueClient({
    url: "http://localhost/api/auth",
    fetch: (input, init) => exports.default.fetch(new Request(input as RequestInfo, init)),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

describe("@supabase/auth-js against /api/auth", () => {
  it("signInWithPassword, getUser, refreshSession and signOut", async () => {
    const user = await createUser(db(), { email: "authjs@demo.test", role: "manager" });
    const auth = client();

    const signIn = await auth.signInWithPassword({ email: "authjs@demo.test", password: DEFAULT_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
    const session = signIn.data.session!;
    expect(session.token_type).toBe("bearer");

    const me = await auth.getUser(session.access_token);
    expect(me.error).toBeNull();
    expect(me.data.user?.email).toBe("authjs@demo.test");
    expect(me.data.user?.app_metadata.staff_role).toBe("manager");

    const refreshed = await auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);

    const out = await auth.signOut();
    expect(out.error).toBeNull();
    const after = await client().getUser(refreshed.data.session!.access_token);
    expect(after.data.user).toBeNull();
    expect(after.error?.name).toBe("AuthSessionMissingError");
  });

  it("reports wrong credentials as an AuthApiError with the GoTrue code", async () => {
    await createUser(db(), { email: "wrong@demo.test" });
    const { data, error } = await client().signInWithPassword({ email: "wrong@demo.test", password: "not-the-password" });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Email ou senha inválidos");
  });

  it("resetPasswordForEmail queues the recovery e-mail", async () => {
    await createUser(db(), { email: "reset@demo.test" });
    const { error } = await client().resetPasswordForEmail("reset@demo.test", { redirectTo: "http://localhost/auth" });
    expect(error).toBeNull();
    // Written after the answer (waitUntil), so the reply time does not reveal the account.
    const mail = await eventually(
      () => env.DB.prepare("select to_address, kind from email_outbox").first(),
      (row) => row !== null,
    );
    expect(mail).toEqual({ to_address: "reset@demo.test", kind: "password_recovery" });
  });
});
