import { useState } from 'react';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { NAV_ENTRIES, type NavEntry } from '../../domain/permissions';
import { NAV_ICONS } from '../areas';
import { useCan } from './useSession';

export const SIDEBAR_WIDTH = 248;

const itemSx = {
  borderRadius: 1.5,
  mx: 1,
  my: 0.25,
  color: 'rgba(255,255,255,0.86)',
  '& .MuiListItemIcon-root': { color: 'rgba(255,255,255,0.7)', minWidth: 36 },
  '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
  '&[aria-current="page"]': {
    bgcolor: 'rgba(255,255,255,0.16)',
    color: '#fff',
    '& .MuiListItemIcon-root': { color: '#fff' },
  },
  '&.Mui-focusVisible': { outline: '3px solid #9fd0ff', outlineOffset: -3, bgcolor: 'rgba(255,255,255,0.12)' },
} as const;

/** The area a path belongs to: its first segment. */
function areaOf(path: string): string {
  return path.split('/')[1] ?? '';
}

function NavItem({ entry, nested }: { entry: NavEntry; nested?: boolean }) {
  const { pathname } = useLocation();
  const Icon = NAV_ICONS[entry.to];
  const active = areaOf(pathname) === areaOf(entry.to);
  return (
    <ListItemButton component={RouterLink} to={entry.to} aria-current={active ? 'page' : undefined} sx={{ ...itemSx, pl: nested ? 3.5 : 2 }}>
      <ListItemIcon>{Icon && <Icon fontSize="small" />}</ListItemIcon>
      <ListItemText primary={entry.label} slotProps={{ primary: { sx: { fontSize: 14.5 } } }} />
    </ListItemButton>
  );
}

/** Sidebar of spec 1 §2: Setup submenu (open by default), the other areas, Logout. */
export function Sidebar() {
  const allowed = useCan();
  const [setupOpen, setSetupOpen] = useState(true);
  const logout = useLogout();
  const visible = NAV_ENTRIES.filter((e) => !e.guard || allowed(e.guard.permission, e.guard.action));
  const setup = visible.filter((e) => e.setup);
  const rest = visible.filter((e) => !e.setup);

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        bgcolor: '#163a55',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowY: 'auto',
      }}
    >
      <Box sx={{ px: 2.5, pt: 2.5, pb: 2, display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <Box
          aria-hidden="true"
          sx={{ width: 34, height: 34, borderRadius: 1.5, bgcolor: '#ffffff', color: '#163a55', display: 'grid', placeItems: 'center', fontWeight: 800, fontSize: 14 }}
        >
          FN
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.1, fontSize: 15 }}>Fleet Network</Typography>
          <Typography sx={{ fontSize: 12, opacity: 0.75 }}>Console</Typography>
        </Box>
      </Box>
      <List component="ul" sx={{ flex: 1, py: 0.5, listStyle: 'none', '& > li': { display: 'block' } }}>
        {setup.length > 0 && (
          <li>
            <ListItemButton onClick={() => setSetupOpen((o) => !o)} aria-expanded={setupOpen} aria-controls="nav-setup" sx={{ ...itemSx, pl: 2 }}>
              <ListItemIcon>
                <TuneOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Setup" slotProps={{ primary: { sx: { fontSize: 14.5 } } }} />
              {setupOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </ListItemButton>
            <Collapse in={setupOpen} timeout="auto">
              <List id="nav-setup" component="ul" disablePadding sx={{ listStyle: 'none' }}>
                {setup.map((e) => (
                  <li key={e.to}>
                    <NavItem entry={e} nested />
                  </li>
                ))}
              </List>
            </Collapse>
          </li>
        )}
        {rest.map((e) => (
          <li key={e.to}>
            <NavItem entry={e} />
          </li>
        ))}
      </List>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.12)', py: 1 }}>
        <ListItemButton onClick={() => logout({}, '/')} sx={{ ...itemSx, pl: 2 }}>
          <ListItemIcon>
            <LogoutOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Logout" slotProps={{ primary: { sx: { fontSize: 14.5 } } }} />
        </ListItemButton>
      </Box>
    </Box>
  );
}
