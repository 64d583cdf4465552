import { Avatar, Box, IconButton, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { initials } from '../../domain/session';
import { useSessionState } from './useSession';

/** Role names as staff read them. */
function roleLabel(role: string): string {
  return role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The header of spec 1 §2: initials and first and last name. `menu`: on a narrow screen, the
 * button that opens the sidebar (not in the spec, whose sidebar is always shown on a desktop).
 */
export function Header({ menu }: { menu?: { open: boolean; onOpen(): void } }) {
  const { session } = useSessionState();
  if (!session) return null;
  const { user } = session;
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Box
      component="header"
      sx={{
        height: 64,
        px: { xs: 2, md: 4 },
        display: 'flex',
        alignItems: 'center',
        justifyContent: menu ? 'space-between' : 'flex-end',
        bgcolor: 'background.paper',
        borderBottom: '1px solid',
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: 2,
      }}
    >
      {menu && (
        <IconButton aria-label="Menu" aria-haspopup="dialog" aria-expanded={menu.open} onClick={menu.onOpen} edge="start">
          <MenuIcon />
        </IconButton>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar aria-hidden="true" sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15, fontWeight: 600 }}>
          {initials(user)}
        </Avatar>
        <Box sx={{ lineHeight: 1.2 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>
            {name}
          </Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{roleLabel(session.role)}</Typography>
        </Box>
      </Box>
    </Box>
  );
}
