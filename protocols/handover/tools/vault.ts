/**
 * The harness's secrets, by scope and tenant. The model is never shown one:
 * the sandbox hands a tool the single credential its scope names, for one
 * call. Fixed values (this is a simulator): a property searches every store
 * and the history for each of them.
 */
const SECRETS: Readonly<Record<string, string>> = {
  'booking-api': 'sk_live_booking_4f9c2e71',
  'knowledge-base': 'kb_token_a83d10c6',
};

export function secretFor(scope: string, tenant: string): string {
  const secret = SECRETS[scope];
  if (secret === undefined) throw new Error(`the vault has no secret for scope ${scope}`);
  return `${secret}_${tenant}`;
}

/** Every secret the vault can hand out for these tenants: what must never appear outside a tool call. */
export function everySecret(tenants: readonly string[]): string[] {
  return Object.keys(SECRETS).flatMap((scope) => tenants.map((tenant) => secretFor(scope, tenant)));
}
