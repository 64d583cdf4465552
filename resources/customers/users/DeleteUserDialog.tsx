import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { userName, type LeaseUser } from '../../../domain/customers';

/** Delete asks first (the wording is not shown in the spec; ours). Cancel has the focus. */
export function DeleteUserDialog({ user, onCancel, onConfirm }: { user: LeaseUser | null; onCancel(): void; onConfirm(user: LeaseUser): void }) {
  return (
    <Dialog open={Boolean(user)} onClose={onCancel} aria-labelledby="delete-user-title" aria-describedby="delete-user-text">
      <DialogTitle id="delete-user-title">Delete user?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-user-text">
          {user ? `${userName(user)} (${user.email}) will no longer be able to sign in. Are you sure you want to delete this user?` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => user && onConfirm(user)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
