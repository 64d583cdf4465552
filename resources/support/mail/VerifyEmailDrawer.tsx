import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { failureText, isHttpError } from '../../../api/client';
import {
  MAIL_TOOL_LABELS,
  MAIL_TOOL_MESSAGES,
  RESEND_EMAIL_MAX,
  resendAddressSchema,
  supportTool,
  verifyEmailAddressSchema,
  type MailEventEntry,
} from '../../../domain/support';
import { formatDateTime } from '../../../src/network/format';
import { ToolDrawer } from '../ToolDrawer';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

const TITLE = supportTool('verifyEmail').label;

/**
 * Verify Email (spec 3 §2.4): send an address a verification e-mail, list the mail events recorded
 * for it, and resend its most recent e-mail to the same or a new address.
 */
export function VerifyEmailDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool="verifyEmail" open={open} onClose={onClose}>
      <VerifyEmailBody />
    </ToolDrawer>
  );
}

function VerifyEmailBody() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const send = useSupportAction(TITLE);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [events, setEvents] = useState<MailEventEntry[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The address the events shown belong to. */
  const listed = useRef<string | null>(null);

  const address = (): string | null => {
    const parsed = verifyEmailAddressSchema.safeParse(text);
    if (parsed.success) return parsed.data;
    setFieldError(parsed.error.issues[0]?.message ?? MAIL_TOOL_MESSAGES.emailNotValid);
    return null;
  };
  const list = async (email: string) => {
    listed.current = email;
    setBusy(true);
    setListError(null);
    try {
      setEvents(await dataProvider.mailEvents(email));
    } catch (err) {
      setEvents(null);
      setListError(failureText(err, MAIL_TOOL_MESSAGES.noLogs));
    } finally {
      setBusy(false);
    }
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const email = address();
    if (email) void list(email);
  };
  const sendVerification = async () => {
    const email = address();
    if (!email) return;
    const ok = await send.run(async (dp) => {
      try {
        return await dp.sendVerificationEmail(email);
      } catch (err) {
        if (isHttpError(err) && err.body?.errors?.email) setFieldError(err.body.errors.email);
        throw err;
      }
    }, MAIL_TOOL_MESSAGES.sendFailed);
    // A failed send is recorded too: either way the list shows what happened.
    if (ok || listed.current === email) void list(email);
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={search} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={MAIL_TOOL_LABELS.email}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFieldError(null);
            setListError(null);
            send.setError(null);
          }}
          required
          size="small"
          sx={{ flex: '1 1 240px' }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <BusyButton busy={busy} type="submit" variant="contained" sx={{ mt: 0.25, minWidth: 110 }}>
          {MAIL_TOOL_LABELS.search}
        </BusyButton>
        <BusyButton busy={send.busy} variant="outlined" onClick={() => void sendVerification()} sx={{ mt: 0.25 }}>
          {MAIL_TOOL_LABELS.send}
        </BusyButton>
      </Box>
      {send.error && <Alert severity="error">{send.error}</Alert>}
      {listError && <Alert severity="error">{listError}</Alert>}
      {events && events.length === 0 && <Alert severity="info">{MAIL_TOOL_MESSAGES.noLogs}</Alert>}
      {events && events.length > 0 && (
        <>
          <EventTable events={events} />
          <ResendForm
            key={events[0].id}
            latest={events[0]}
            onDone={() => {
              if (listed.current) void list(listed.current);
            }}
          />
        </>
      )}
    </>
  );
}

const COLUMNS = ['Event', 'Timestamp', 'Status Code', 'Message', 'Description', 'Subject', 'Template', 'Recipient', 'Id', 'Document Path'] as const;

/** Every field of a mail event (spec 3 §3), newest first; wide, so it scrolls sideways. */
function EventTable({ events }: { events: MailEventEntry[] }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label="Mail events">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{e.event}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(e.timestamp * 1000).toISOString())}</TableCell>
              <TableCell>{e['delivery-status'].code ?? ''}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>{e['delivery-status'].message ?? ''}</TableCell>
              <TableCell sx={{ minWidth: 260 }}>{e['delivery-status'].description ?? ''}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{e.message.headers.subject ?? ''}</TableCell>
              <TableCell>{e.template.name ?? ''}</TableCell>
              <TableCell>{e.recipient}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', whiteSpace: 'nowrap' }}>{e.id}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', whiteSpace: 'nowrap' }}>{e['user-variables'].documentPath ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Resend of the most recent e-mail (the newest event's), to its address or a new one (spec 3 §2.4, §5). */
function ResendForm({ latest, onDone }: { latest: MailEventEntry; onDone(): void }) {
  const action = useSupportAction(TITLE);
  const [same, setSame] = useState(true);
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const documentPath = latest['user-variables'].documentPath;
  const resend = async () => {
    let to: string | null = null;
    if (!same) {
      const parsed = resendAddressSchema.safeParse(newEmail);
      if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? MAIL_TOOL_MESSAGES.resendEmailNotValid);
      to = parsed.data;
    }
    if (!documentPath) return action.setError(MAIL_TOOL_MESSAGES.noDocumentPath);
    const ok = await action.run(async (dp) => {
      try {
        return (await dp.resendEmail(documentPath, to)).resendEmail;
      } catch (err) {
        if (isHttpError(err) && err.body?.errors?.newEmailId) setFieldError(err.body.errors.newEmailId);
        throw err;
      }
    }, MAIL_TOOL_MESSAGES.resendFailed);
    if (ok) onDone();
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Resend the most recent e-mail"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void resend();
      }}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="subtitle2" component="h3">
        Resend the most recent e-mail: {latest.message.headers.subject ?? '(no subject)'}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={same}
            onChange={(e) => {
              setSame(e.target.checked);
              setFieldError(null);
              action.setError(null);
            }}
          />
        }
        label={MAIL_TOOL_LABELS.sameAddress}
      />
      {!same && (
        <TextField
          label={MAIL_TOOL_LABELS.newEmail}
          value={newEmail}
          onChange={(e) => {
            setNewEmail(e.target.value);
            setFieldError(null);
            action.setError(null);
          }}
          required
          size="small"
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: RESEND_EMAIL_MAX } }}
        />
      )}
      {action.error && !fieldError && <Alert severity="error">{action.error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={action.busy} type="submit" variant="contained">
          {MAIL_TOOL_LABELS.resend}
        </BusyButton>
      </Box>
    </Paper>
  );
}
