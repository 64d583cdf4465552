/**
 * The customer's online-booking link (spec 1 §2 "Show Weblink URL modal"). The spec does not show
 * the booking site's address: this base is ours, one constant to change when the site moves.
 */
export const WEB_LINK_BASE_URL = 'https://book.fleet-network.example';

/** The booking link drivers of this customer open: the base followed by the customer's webLinkId. */
export function webLinkUrl(webLinkId: string): string {
  return `${WEB_LINK_BASE_URL}/${encodeURIComponent(webLinkId)}`;
}

/** Show Weblink URL is offered when the web link is on and the customer has a webLinkId. */
export function hasWebLink(c: { webLinkId: string | null; config: { webLink: { isEnabled: boolean } } }): boolean {
  return Boolean(c.config.webLink.isEnabled && c.webLinkId);
}
