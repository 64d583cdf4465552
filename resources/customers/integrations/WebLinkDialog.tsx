import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { webLinkUrl } from '../../../domain/customers';
import { CopyButton } from '../../../src/ui/CopyButton';

/** Show Weblink URL (spec 1 §2): the customer's booking link, to copy and send on. */
export function WebLinkButton({ webLinkId, customerName }: { webLinkId: string; customerName: string }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const url = webLinkUrl(webLinkId);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Show Weblink URL
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Weblink URL</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>Drivers of {customerName} book their vehicle in online at this link.</DialogContentText>
          <TextField
            label="Booking link"
            value={url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
          />
          <CopyButton text={url} label="Copy link" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
