/**
 * The console's addresses outside the signed-in shell (sign-in, passcode, the two policies). The
 * console renders them without the frame; the server sends them an index.html that does not
 * preload the signed-in screens' code, which a visitor signing in has no use for yet.
 */
export const PUBLIC_PATHS = ['/', '/login', '/validate-otp', '/privacy-policy', '/cookie-policy'] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

export const isPublicPath = (pathname: string): boolean => (PUBLIC_PATHS as readonly string[]).includes(pathname);
