import { useEffect, useState } from "react";

/** False during server rendering and the first client render, then true. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the two-pass render on purpose: false on the first client render, like the server's
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
