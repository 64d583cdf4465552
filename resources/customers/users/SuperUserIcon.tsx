import { Tooltip } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { USER_MESSAGES } from '../../../domain/customers';

/**
 * The red super-user mark (spec 1 §2 Users drawer). Focusable, so keyboard users get the tooltip
 * too; its accessible name is the tooltip's text.
 */
export function SuperUserIcon() {
  return (
    <Tooltip title={USER_MESSAGES.superUser}>
      <AdminPanelSettingsIcon
        role="img"
        aria-label={USER_MESSAGES.superUser}
        aria-hidden={false}
        tabIndex={0}
        color="error"
        fontSize="small"
        sx={{ verticalAlign: 'text-bottom', ml: 0.75, borderRadius: 0.5, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      />
    </Tooltip>
  );
}
