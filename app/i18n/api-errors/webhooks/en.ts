/** apiErrors.<code> of Settings → API → Webhooks (issue 25), spread into apiErrors. */
export const webhooksErrorsEn = {
  webhook_limit_reached: "The limit of {max} webhooks is reached. Delete one before creating another.",
  webhook_endpoint_disabled: "This webhook is disabled. Enable it before resending.",
  webhook_delivery_pending: "This delivery is still in progress; wait for its result before resending it.",
};

/** apiErrors.field.<code> of a webhook's URL and events, spread into apiErrors.field. */
export const webhooksFieldErrorsEn = {
  webhook_url_invalid: "Enter a full address, such as https://example.com/webhooks.",
  webhook_url_not_https: "Use an https:// address.",
  webhook_url_credentials: "The address cannot contain a user name or password.",
  webhook_url_private_address: "Private, local or reserved IP addresses are not accepted.",
  webhook_url_private_host: "Use a public domain (localhost, .local, .internal and metadata services are not accepted).",
  webhook_events_required: "Choose at least one event.",
};
