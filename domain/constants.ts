/** Business constants of spec 1 §9 that both the console and the server use. */
export const SESSION_MINUTES = 55;
/** The inactivity timer fires this long before the session would lapse on the server. */
export const INACTIVITY_MARGIN_MS = 60_000;
/** How long the 'Your session is about to expire' modal counts down before signing out. */
export const EXPIRY_WARNING_MS = 60_000;
export const COUNTDOWN_TICK_MS = 1_000;
export const ACTIVITY_THROTTLE_MS = 300;
export const TIMER_CLEANUP_DELAY_MS = 400;
/** Timers start this long after the session becomes active. */
export const TIMER_START_DELAY_MS = 500;
export const OTP_LENGTH = 6;
export const SEARCH_KEY_REFRESH_THRESHOLD_MS = 2_000;
/**
 * How long a search waits for the server to connect (the typesense client's time-out), and so
 * how long the console waits for a new search key before saying the call failed.
 */
export const SEARCH_TIMEOUT_MS = 10_000;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 150;
export const CUSTOMER_PAGE_SIZE = 25;
export const RESULTS_BADGE_CAP = 999;
export const ERROR_MESSAGE_DURATION_MS = 5_000;
export const ERROR_MESSAGE_TOP_OFFSET_PX = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPY_HINT_MS = 500;
export const CUSTOMER_RELOAD_AFTER_SAVE_MS = 5_000;
