import type { ComponentType } from 'react';
import { Box, Tooltip } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import CarCrashIcon from '@mui/icons-material/CarCrash';
import CarRepairIcon from '@mui/icons-material/CarRepair';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import TireRepairIcon from '@mui/icons-material/TireRepair';
import TripOriginIcon from '@mui/icons-material/TripOrigin';
import WindowIcon from '@mui/icons-material/Window';
import { serviceTiles, type ServiceType } from '../../domain/suppliers';

/** An icon per service (ours: the spec says 'icons of enabled services' without naming them). */
const ICONS: Record<ServiceType, ComponentType<{ fontSize?: 'small'; role?: string; 'aria-label'?: string; 'aria-hidden'?: boolean }>> = {
  SMR: BuildIcon,
  REPAIR: BuildIcon,
  SERVICE: MiscellaneousServicesIcon,
  TYRE: TireRepairIcon,
  GLASS: WindowIcon,
  BODYSHOP: CarRepairIcon,
  MOT: FactCheckIcon,
  BREAKDOWN: CarCrashIcon,
  ALLOY_WHEELS: TripOriginIcon,
};

/**
 * The enabled services as icons, each named by its service for assistive technology and shown
 * on hover and focus (REPAIR as SMR, spec 2 §2.1).
 */
export function ServiceIcons({ services }: { services: readonly ServiceType[] }) {
  const tiles = serviceTiles(services.map((type) => ({ type, isEnabled: true })));
  if (!tiles.length) return null;
  return (
    <Box component="ul" aria-label="Services" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {tiles.map(({ type, label }) => {
        const Icon = ICONS[type];
        return (
          <Box component="li" key={type} sx={{ display: 'flex' }}>
            <Tooltip title={label}>
              <Box component="span" tabIndex={0} sx={{ display: 'inline-flex', p: 0.5, borderRadius: 1, bgcolor: 'action.hover', color: 'primary.main', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
                <Icon fontSize="small" role="img" aria-label={label} aria-hidden={false} />
              </Box>
            </Tooltip>
          </Box>
        );
      })}
    </Box>
  );
}
