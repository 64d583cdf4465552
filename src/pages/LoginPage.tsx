import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { loginSchema } from '../../domain/auth';
import { MESSAGES } from '../../domain/messages';
import { acknowledgeSignOut, getState, HOME_PATH, loadSession, type LoginOutcome, type LoginParams } from '../../authProvider';
import { isHttpError } from '../../api/client';
import { useSessionState } from '../layout/useSession';
import { LoadingScreen } from '../layout/LoadingScreen';
import { AuthFrame } from './AuthFrame';

type Field = 'userName' | 'password';

/** Sign-in screen, at / and /login (spec 1 §2, §5). */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const { status } = useSessionState();
  const [values, setValues] = useState({ userName: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // Read once on arrival: the server ended the session (idle or revoked), so say why we are here.
  const [ended] = useState(() => getState().reason === 'ended');

  useEffect(() => {
    acknowledgeSignOut();
    // Session restore: a browser that is still signed in goes straight to the console.
    if (status === 'unknown') loadSession().catch(() => undefined);
  }, [status]);

  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'signed-in') return <Navigate to={HOME_PATH} replace />;

  const change = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (fieldErrors[field]) setFieldErrors((f) => ({ ...f, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      document.getElementById(errors.userName ? 'login-userName' : 'login-password')?.focus();
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const outcome: LoginOutcome = await login({ step: 'password', ...parsed.data } satisfies LoginParams);
      if (outcome.next === 'otp') navigate('/validate-otp', { state: { uid: outcome.uid } });
      else navigate(HOME_PATH, { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (!isHttpError(err)) return setFailure(MESSAGES.invalidCredentials);
      if (err.status === 400 && err.body?.errors) return setFieldErrors(err.body.errors as Partial<Record<Field, string>>);
      if (err.status === 401) return setFailure(MESSAGES.invalidCredentials);
      // 5xx and network failures raise the page banner; other refusals (429) say why.
      if (err.status >= 400 && err.status < 500) setFailure(err.message);
    }
  };

  return (
    <AuthFrame>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        <Typography variant="h1" component="h1" sx={{ mb: 0.75 }}>
          Log into your account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, fontSize: 15 }}>
          Sign in with your administrator account.
        </Typography>
        {ended && !failure && (
          <Alert severity="info" role="status" sx={{ mb: 2.5 }}>
            Your session has ended. Please sign in again.
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
            {failure}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.25 }}>
          <TextField
            id="login-userName"
            label="User Name"
            name="userName"
            autoComplete="username"
            autoFocus
            value={values.userName}
            onChange={change('userName')}
            error={Boolean(fieldErrors.userName)}
            helperText={fieldErrors.userName}
            slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
          />
          <TextField
            id="login-password"
            label="Password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            slotProps={{
              htmlInput: { 'aria-required': true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                      tabIndex={-1}
                    >
                      {showPassword ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} sx={{ mt: 0.5, py: 1.25 }}>
            {submitting ? <CircularProgress size={22} color="inherit" aria-label={MESSAGES.loading} /> : 'Sign In'}
          </Button>
        </Box>
      </Paper>
    </AuthFrame>
  );
}
