/**
 * The subscription list call's path, which the console's dataProvider builds, without the
 * subscription schemas (domain/subscriptions.ts).
 */

/**
 * The list call names three ids in its path: customerId (a lease company), serviceUnitId (a
 * supplier) and accountId (a group). The ids that do not apply are sent as this placeholder
 * (ours; 'null' is accepted too, as older callers send it).
 */
export const NOT_APPLICABLE_ID = '-';

/** The call's path for one record; the console sends it, the server mounts the pattern. */
export function subscriptionListPath(ids: { customerId?: string; serviceUnitId?: string; accountId?: string }): string {
  const part = (v: string | undefined) => encodeURIComponent(v || NOT_APPLICABLE_ID);
  return `chargebee/customerSubscriptionList/customerId/${part(ids.customerId)}/serviceUnitId/${part(ids.serviceUnitId)}/accountId/${part(ids.accountId)}`;
}
