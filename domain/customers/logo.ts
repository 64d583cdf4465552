/**
 * The web-link logo (spec 1 §5 "Logo upload", §9): a PNG of at most 100 KB and at most 100 px
 * high. Checked on the bytes (signature and IHDR chunk), never on the file name, in the browser
 * before upload and again on the server.
 */
export const LOGO_MAX_BYTES = 100 * 1024;
export const LOGO_MAX_HEIGHT = 100;
export const LOGO_MESSAGES = {
  notPng: 'Invalid file, please use a png file',
  tooLarge: 'Image file size should not be more than 100KB',
  tooHigh: 'Image height should not be more than 100px',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** Width and height from the IHDR chunk, which must directly follow the signature; null when not a PNG. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  for (let i = 0; i < PNG_SIGNATURE.length; i++) if (bytes[i] !== PNG_SIGNATURE[i]) return null;
  const ihdr = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (u32(bytes, 8) !== 13 || ihdr !== 'IHDR') return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** The spec's message for a logo that may not be used, or null when it may. */
export function checkCustomerLogo(bytes: Uint8Array): string | null {
  const size = pngDimensions(bytes);
  if (!size) return LOGO_MESSAGES.notPng;
  if (bytes.length > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  if (size.height > LOGO_MAX_HEIGHT) return LOGO_MESSAGES.tooHigh;
  return null;
}

/** Where a stored logo is read; the form keeps `customerLogoUrl(fileId)` in config.webLink.theme.logo. */
export const CUSTOMER_LOGO_PATH = '/api/v1/admin/getCustomerLogo';
export const customerLogoUrl = (fileId: string) => `${CUSTOMER_LOGO_PATH}?fileId=${fileId}`;

/** Longest logo address kept (the form schema's limit). */
export const LOGO_URL_MAX = 300;
const UPLOADED_LOGO = /^\/api\/v1\/admin\/getCustomerLogo\?fileId=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The web-link logo field's rule, in the form and on the server: a logo uploaded here (its
 * address above) or an https address on a named host, without credentials. Anything else (http,
 * javascript:, data:, other paths of this site) would make every viewer's browser fetch it.
 */
export function isAcceptedLogo(value: string): boolean {
  if (value.length > LOGO_URL_MAX || /\s/.test(value)) return false;
  if (UPLOADED_LOGO.test(value)) return true;
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && !u.username && !u.password && /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(u.hostname);
  } catch {
    return false;
  }
}
