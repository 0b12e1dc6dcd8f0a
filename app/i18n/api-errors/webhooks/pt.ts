/** apiErrors.<code> of Settings → API → Webhooks (issue 25), spread into apiErrors. (Portuguese: source of truth.) */
export const webhooksErrorsPt = {
  webhook_limit_reached: "Limite de {max} webhooks atingido. Exclua um antes de criar outro.",
  webhook_endpoint_disabled: "Este webhook está desativado. Ative-o antes de reenviar.",
  webhook_delivery_pending: "Esta entrega ainda está em andamento; aguarde o resultado antes de reenviar.",
};

/** apiErrors.field.<code> of a webhook's URL and events, spread into apiErrors.field. */
export const webhooksFieldErrorsPt = {
  webhook_url_invalid: "Informe um endereço completo, como https://exemplo.com/webhooks.",
  webhook_url_not_https: "Use um endereço https://.",
  webhook_url_credentials: "O endereço não pode conter usuário ou senha.",
  webhook_url_private_address: "Endereços IP privados, locais ou reservados não são aceitos.",
  webhook_url_private_host: "Use um domínio público (localhost, .local, .internal e serviços de metadados não são aceitos).",
  webhook_events_required: "Escolha ao menos um evento.",
};
