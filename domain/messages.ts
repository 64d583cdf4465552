/** Texts the spec quotes, kept verbatim. One place so console and server say the same thing. */
export const MESSAGES = {
  apiError: 'Error occurred from api.',
  // Ours (the spec has no overload): a 503 BUSY refusal, which changed nothing and may be retried.
  serverBusy: 'The server is busy. Please try again in a few seconds.',
  // Ours (the spec has no billing provider outage): the provider could not be reached, so the
  // subscriptions drawer says so and offers to try again.
  billingUnavailable: 'The billing provider could not be reached. Try again.',
  invalidCredentials: 'Invalid email or password',
  userNameRequired: 'User Name is required',
  passwordRequired: 'Password is required',
  otpRequired: 'OTP is required',
  otpLength: 'OTP should be 6 digits',
  otpError: 'Error validating OTP',
  otpAttemptsLeft: (n: number) => `You have ${n} attempt(s) left. Please try again.`,
  otpExhausted: 'You have exceeded the maximum number of attempts.',
  otpExpired: 'Your OTP has expired. Please request a new one.',
  accessDenied: 'Sorry! You do not have access to this service',
  notFound: "Oops landed on a page that doesn't exist",
  sessionExpiring: 'Your session is about to expire',
  staySignedInQuestion: 'Do you want to stay signed-in?',
  signOutNow: 'Sign out now',
  staySignedIn: 'Stay signed in',
  updateTitle: 'Update...',
  loading: 'Loading...',
} as const;

/**
 * The error code of a slug that could not reach the billing provider (a 503, ours): the console
 * shows its message where the call was made instead of the 'Error occurred from api.' banner, as
 * nothing of ours failed.
 */
export const BILLING_UNAVAILABLE = 'BILLING_UNAVAILABLE';

/**
 * A day later than today, wherever a day is asked for: Pay Bill, Process Logs (ours: the spec says
 * only 'future dates not allowed' and 'future dates disabled', so one text for both).
 */
export const FUTURE_DATE_MESSAGE = 'Future dates are not allowed';

/** The spec's field messages: '{label} is required', '{label} is not valid'. */
export const requiredMessage = (label: string) => `${label} is required`;
/** Also for a value outside its length limits: inputs cap typing (domain/lengthCap.ts), so only a value from outside the console gets this for its length. */
export const notValidMessage = (label: string) => `${label} is not valid`;
