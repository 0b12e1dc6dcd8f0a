import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { isAdmin, isManager } from "@worker/auth/permissions";
import type { UserRole } from "@worker/db/schema";
import { useI18n } from "~/i18n/react";

/** The staff profile the CRM shows (the users row without secrets). */
export type Profile = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserRole;
  avatarUrl: string | null;
};

/** The spec's auth state: user, session, profile, loading, error. */
export type AuthState = {
  user: { id: string; email: string } | null;
  session: { expiresAt: number } | null;
  profile: Profile | null;
  loading: boolean;
  error: string | null;
};

type AuthValue = AuthState & {
  isAuthenticated: boolean;
  isAdmin: boolean;
  isManager: boolean;
};

const AuthContext = createContext<AuthValue | null>(null);

/** Check the session this often, and renew it when this little life is left (spec). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_SECONDS = 90;
const RETRY_START_MS = 200;
const RETRY_BUDGET_MS = 30_000;

async function refreshWithBackoff(): Promise<{ expires_at: number } | "signed-out"> {
  const started = Date.now();
  let delay = RETRY_START_MS;
  for (;;) {
    try {
      const response = await fetch("/api/session/refresh", { method: "POST", credentials: "same-origin" });
      if (response.ok) return (await response.json()) as { expires_at: number };
      if (response.status === 401 || response.status === 400) return "signed-out";
    } catch {
      // offline or a network blip: retry below
    }
    if (Date.now() - started + delay > RETRY_BUDGET_MS) throw new Error("session refresh failed");
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay *= 2;
  }
}

/**
 * Holds the signed-in profile for the CRM and keeps the cookie session alive: every 30 s it
 * checks the access token's expiry and renews it when 90 s or less remain, so a CRM tab left
 * open stays signed in for days. Tokens stay in HttpOnly cookies; only the expiry is known here.
 */
export function AuthProvider({ profile, expiresAt, children }: { profile: Profile; expiresAt: number; children: ReactNode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [session, setSession] = useState({ expiresAt });
  const [error, setError] = useState<string | null>(null);
  const refreshing = useRef(false);

  // A new expiry from the loader replaces the one renewed here.
  const [sessionFrom, setSessionFrom] = useState(expiresAt);
  if (sessionFrom !== expiresAt) {
    setSessionFrom(expiresAt);
    setSession({ expiresAt });
  }

  const check = useCallback(async () => {
    if (refreshing.current) return;
    const remaining = session.expiresAt - Math.floor(Date.now() / 1000);
    if (remaining > REFRESH_MARGIN_SECONDS) return;
    refreshing.current = true;
    try {
      const result = await refreshWithBackoff();
      if (result === "signed-out") {
        navigate(`/auth?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`, { replace: true });
      } else {
        setSession({ expiresAt: result.expires_at });
        setError(null);
      }
    } catch {
      setError(t("auth.state.sessionError"));
    } finally {
      refreshing.current = false;
    }
  }, [session.expiresAt, navigate, location.pathname, location.search, t]);

  useEffect(() => {
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [check]);

  const value = useMemo<AuthValue>(() => {
    const isAuthenticated = Boolean(profile);
    return {
      user: { id: profile.id, email: profile.email },
      session,
      profile,
      loading: navigation.state === "loading",
      error,
      isAuthenticated,
      isAdmin: isAdmin(profile),
      isManager: isManager(profile),
    };
  }, [profile, session, navigation.state, error]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
