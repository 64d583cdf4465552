import { useState } from 'react';
import { Box, Collapse, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCanAccessResources, useLogout } from 'react-admin';
import { MENU_NAMES, MENU_VIEWS } from '../resources';
import type { ResourceView } from '../resources/view';

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

function NavItem({ view, nested }: { view: ResourceView; nested?: boolean }) {
  const { pathname } = useLocation();
  const { name, label, menu } = view.decl;
  const Icon = view.icon;
  return (
    <ListItemButton component={RouterLink} to={menu!.path} aria-current={areaOf(pathname) === name ? 'page' : undefined} sx={{ ...itemSx, pl: nested ? 3.5 : 2 }}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: 14.5 } } }} />
    </ListItemButton>
  );
}

/**
 * Sidebar of spec 1 §2: Setup submenu (open by default), the other areas, Logout. The entries are
 * the declared entities with a menu, each shown when authProvider.canAccess allows its 'list' (the
 * check react-admin's menu items make); links in a navigation landmark rather than react-admin's
 * <Menu>, whose ARIA menu roles suit an application menu, not site navigation. With `drawer`
 * (narrow screens) it is a drawer over the page instead of a column beside it.
 */
export function ConsoleSidebar({ drawer }: { drawer?: { open: boolean; onClose(): void } }) {
  const [setupOpen, setSetupOpen] = useState(true);
  const logout = useLogout();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: MENU_NAMES });
  const visible = canAccess ? MENU_VIEWS.filter((v) => canAccess[v.decl.name]) : [];
  const setup = visible.filter((v) => v.decl.menu!.setup);
  const rest = visible.filter((v) => !v.decl.menu!.setup);

  const nav = (
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
        position: drawer ? 'static' : 'sticky',
        top: 0,
        height: drawer ? '100%' : '100vh',
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
                {setup.map((v) => (
                  <li key={v.decl.name}>
                    <NavItem view={v} nested />
                  </li>
                ))}
              </List>
            </Collapse>
          </li>
        )}
        {rest.map((v) => (
          <li key={v.decl.name}>
            <NavItem view={v} />
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
  if (!drawer) return nav;
  // On a narrow screen the same navigation slides over the page from the Menu button; like every
  // drawer it keeps focus inside while open and gives it back to the button on close.
  return (
    <Drawer open={drawer.open} onClose={drawer.onClose} slotProps={{ paper: { sx: { bgcolor: '#163a55' } } }}>
      {nav}
    </Drawer>
  );
}
