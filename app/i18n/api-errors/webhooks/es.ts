/** apiErrors.<code> of Settings → API → Webhooks (issue 25), spread into apiErrors. */
export const webhooksErrorsEs = {
  webhook_limit_reached: "Se alcanzó el límite de {max} webhooks. Elimina uno antes de crear otro.",
  webhook_endpoint_disabled: "Este webhook está desactivado. Actívalo antes de reenviar.",
  webhook_delivery_pending: "Esta entrega todavía está en curso; espera el resultado antes de reenviarla.",
};

/** apiErrors.field.<code> of a webhook's URL and events, spread into apiErrors.field. */
export const webhooksFieldErrorsEs = {
  webhook_url_invalid: "Indica una dirección completa, como https://ejemplo.com/webhooks.",
  webhook_url_not_https: "Usa una dirección https://.",
  webhook_url_credentials: "La dirección no puede contener usuario ni contraseña.",
  webhook_url_private_address: "No se aceptan direcciones IP privadas, locales o reservadas.",
  webhook_url_private_host: "Usa un dominio público (no se aceptan localhost, .local, .internal ni servicios de metadatos).",
  webhook_events_required: "Elige al menos un evento.",
};
