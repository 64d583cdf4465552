import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useLogin, useLogout, useNotify } from 'react-admin';
import { otpSchema } from '../../domain/auth';
import { OTP_LENGTH } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { getPendingMfa, HOME_PATH, matchesPendingMfa, type LoginParams, type OtpOutcome } from '../../authProvider';
import { AuthFrame } from './AuthFrame';
import { focusRing } from '../theme';

/** The spec gives these toasts no title; this one names the step they belong to. */
const TOAST_TITLE = 'One-Time Passcode';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Passcode screen (spec 1 §2, §4, §5). Shown only for the user who has just passed the password step. */
export function OtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const logout = useLogout();
  const notify = useNotify();
  const [digits, setDigits] = useState<string[]>(empty);
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Boxes are disabled while validating, so focus moves only once they are enabled again.
  const [focusRequest, setFocusRequest] = useState<number | null>(null);
  useEffect(() => {
    if (focusRequest === null || validating) return;
    boxes.current[focusRequest]?.focus();
    setFocusRequest(null);
  }, [focusRequest, validating]);
  const [pending] = useState(getPendingMfa);
  // Decided once: after a reload the pending user is gone from memory, so start again at sign-in.
  const [allowed] = useState(() => matchesPendingMfa((location.state as { uid?: unknown } | null)?.uid));
  if (!allowed) return <Navigate to="/login" replace />;

  const focusBox = (i: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from box `start` on; returns the index after the last one written. */
  const fill = (start: number, text: string): number => {
    const incoming = text.replace(/\D/g, '').slice(0, OTP_LENGTH - start).split('');
    if (incoming.length === 0) return start;
    setDigits((d) => {
      const next = [...d];
      incoming.forEach((c, k) => (next[start + k] = c));
      return next;
    });
    if (error) setError(null);
    return start + incoming.length;
  };

  const onChange = (i: number, value: string) => {
    if (value === '') {
      setDigits((d) => d.map((c, k) => (k === i ? '' : c)));
      return;
    }
    // A typed digit replaces the box's digit; a longer value (autofill) spreads over the boxes.
    const typed = value.length === 2 && digits[i] ? value.replace(digits[i], '') || value.slice(-1) : value;
    const after = fill(i, typed);
    if (after > i) focusBox(after >= OTP_LENGTH ? OTP_LENGTH - 1 : after);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').trim();
    const code = text.replace(/\D/g, '');
    e.preventDefault();
    if (!code) return;
    // A whole code fills every box, whichever box had focus.
    const after = fill(code.length >= OTP_LENGTH ? 0 : i, code);
    focusBox(after >= OTP_LENGTH ? OTP_LENGTH - 1 : after);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && digits[i] === '' && i > 0) {
      e.preventDefault();
      setDigits((d) => d.map((c, k) => (k === i - 1 ? '' : c)));
      focusBox(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      e.preventDefault();
      focusBox(i + 1);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = otpSchema.safeParse({ otp: digits.join(''), doNotAskOtpForSevenDays: true });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.otpLength);
      focusBox(digits.findIndex((d) => d === ''));
      return;
    }
    setError(null);
    setValidating(true);
    try {
      const outcome: OtpOutcome = await login({ step: 'otp', otp: parsed.data.otp } satisfies LoginParams);
      // react-admin's login has taken the notifications away: an 'attempt(s) left' toast holds only
      // until the next answer, so a right passcode does not carry it onto the next page.
      switch (outcome.kind) {
        case 'verified':
          navigate(HOME_PATH, { replace: true });
          return;
        case 'retry':
          notify(MESSAGES.otpAttemptsLeft(outcome.remainingAttempts), { type: 'warning', title: TOAST_TITLE });
          setDigits(empty());
          setValidating(false);
          setFocusRequest(0);
          return;
        case 'expired':
          notify(MESSAGES.otpExpired, { type: 'error', title: TOAST_TITLE });
          navigate('/login', { replace: true });
          return;
        case 'exhausted':
          notify(MESSAGES.otpExhausted, { type: 'error', title: TOAST_TITLE });
          navigate('/login', { replace: true });
          return;
      }
    } catch {
      notify(MESSAGES.otpError, { type: 'error', title: TOAST_TITLE });
      setValidating(false);
      setFocusRequest(0);
    }
  };

  // Ends the half-done sign-in on the server too; react-admin empties its caches on the way.
  const backToSignIn = () => logout({}, '/login', false);

  const errorId = 'otp-error';
  return (
    <AuthFrame>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
          <MarkEmailReadOutlinedIcon color="primary" aria-hidden="true" />
          <Typography variant="h1" component="h1">
            One-Time Passcode
          </Typography>
        </Box>
        <Typography sx={{ fontSize: 15.5, mb: 0.5 }}>We have emailed you an OTP</Typography>
        {pending?.email && (
          <Typography color="text.secondary" sx={{ fontSize: 14, mb: 3, overflowWrap: 'anywhere' }}>
            Sent to {pending.email}
          </Typography>
        )}
        <Box component="form" noValidate onSubmit={submit}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={error ? errorId : undefined}>
            <Box component="legend" sx={{ fontWeight: 600, fontSize: 14.5, mb: 1.25, p: 0 }}>
              Enter the 6-digit passcode
            </Box>
            <Box sx={{ display: 'flex', gap: { xs: 1, sm: 1.25 } }}>
              {digits.map((d, i) => (
                <Box
                  key={i}
                  component="input"
                  ref={(el: HTMLInputElement | null) => {
                    boxes.current[i] = el;
                  }}
                  value={d}
                  aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete={i === 0 ? 'one-time-code' : 'off'}
                  autoFocus={i === 0}
                  maxLength={i === 0 ? OTP_LENGTH : 2}
                  onChange={(e: { target: { value: string } }) => onChange(i, e.target.value)}
                  onPaste={(e: ClipboardEvent<HTMLInputElement>) => onPaste(i, e)}
                  onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => onKeyDown(i, e)}
                  onFocus={(e: { target: HTMLInputElement }) => e.target.select()}
                  disabled={validating}
                  sx={{
                    width: '100%',
                    minWidth: 0,
                    height: 56,
                    textAlign: 'center',
                    fontSize: 24,
                    fontWeight: 600,
                    fontFamily: 'inherit',
                    color: 'text.primary',
                    borderRadius: 2,
                    border: '1.5px solid',
                    borderColor: error ? 'error.main' : '#b9c3ce',
                    bgcolor: 'background.paper',
                    // The console's ring, not a faint glow: a box the keyboard has reached must stand out.
                    '&:focus': { ...focusRing, borderColor: 'primary.main' },
                    '&:disabled': { bgcolor: '#f1f3f6' },
                  }}
                />
              ))}
            </Box>
          </Box>
          <Typography id={errorId} role={error ? 'alert' : undefined} color="error" sx={{ fontSize: 14, minHeight: 24, mt: 1 }}>
            {error}
          </Typography>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={validating} sx={{ mt: 1, py: 1.25, textTransform: 'none' }}>
            {validating ? <CircularProgress size={22} color="inherit" aria-label={MESSAGES.loading} /> : 'SUBMIT OTP'}
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ fontSize: 13.5, mt: 3, lineHeight: 1.55 }}>
          A one-time passcode process has been initiated for your security. Enter the code from the e-mail to finish
          signing in.
        </Typography>
        <Link component="button" type="button" onClick={backToSignIn} underline="hover" sx={{ mt: 2, fontSize: 14 }}>
          Back to sign in
        </Link>
      </Paper>
    </AuthFrame>
  );
}
