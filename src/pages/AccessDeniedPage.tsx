import { Box, Button, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccessResources } from 'react-admin';
import { MESSAGES } from '../../domain/messages';
import { MENU_NAMES, MENU_VIEWS } from '../resources';

/** Where a failing menu guard sends the user (spec 3 §2.6). Shown inside the shell. */
export function AccessDeniedPage() {
  // The first sidebar entry this user may open, so the way out never leads back here.
  const { canAccess } = useCanAccessResources({ action: 'list', resources: MENU_NAMES });
  const home = canAccess ? MENU_VIEWS.find((v) => canAccess[v.decl.name])?.decl : undefined;
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' }}>
      <Box sx={{ width: 64, height: 64, borderRadius: '50%', bgcolor: '#fdecea', display: 'grid', placeItems: 'center', mb: 2.5 }}>
        <LockOutlinedIcon color="error" aria-hidden="true" />
      </Box>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {MESSAGES.accessDenied}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 480 }}>
        Your account does not include this part of the console. If you need it for your work, ask an administrator to
        change your role.
      </Typography>
      {home && (
        <Button component={RouterLink} to={home.menu!.path} variant="outlined">
          Go to {home.label}
        </Button>
      )}
    </Box>
  );
}
