import { z } from "~/lib/zod";
import { emailField } from "~/modules/site/forms/email-field";

/**
 * The newsletter box's one schema, shared by the form, the /{lang}/blog route action
 * (intent "newsletter") and POST /api/newsletter. The address is the public forms' shared
 * e-mail field (trimmed, lower-cased: the table keeps one row per address).
 */
export const newsletterSchema = z.object({ email: emailField() }, { error: "site.insights.newsletter.errors.invalidBody" });
