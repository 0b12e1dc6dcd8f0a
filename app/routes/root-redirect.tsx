import { redirect } from "react-router";

/** GET / → /pt (the default language of the public site). */
export function loader() {
  return redirect("/pt");
}
