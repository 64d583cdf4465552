import { useEffect, useRef, useState, type ComponentType } from 'react';
import { styled, Tooltip } from '@mui/material';
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

/** The list and its tiles, styled once for the whole list (a page of cards shows hundreds of tiles). */
const IconList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  '& > li': { display: 'flex' },
  '& > li > span': {
    display: 'inline-flex',
    padding: theme.spacing(0.5),
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.action.hover,
    color: theme.palette.primary.main,
    '&:focus-visible': { outline: '2px solid', outlineColor: theme.palette.primary.main },
  },
}));

/** MUI's tooltip delay before showing on hover. */
const ENTER_DELAY_MS = 100;

/** Where the tooltip's own child would be: it is anchored to the icon shown, not to this. */
const NO_BOX = { position: 'absolute', width: 0, height: 0, overflow: 'hidden' } as const;

/**
 * The enabled services as icons, each named by its service for assistive technology and shown
 * on hover and keyboard focus (REPAIR as SMR, spec 2 §2.1). One tooltip serves the list's icons,
 * and only while it shows: a page of 25 cards sets up no tooltip until one is wanted.
 */
export function ServiceIcons({ services }: { services: readonly ServiceType[] }) {
  const [shown, setShown] = useState<{ label: string; anchor: HTMLElement } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const tiles = serviceTiles(services.map((type) => ({ type, isEnabled: true })));
  if (!tiles.length) return null;
  const show = (label: string, anchor: HTMLElement, delay: number) => {
    clearTimeout(timer.current);
    if (delay) timer.current = setTimeout(() => setShown({ label, anchor }), delay);
    else setShown({ label, anchor });
  };
  const hide = () => {
    clearTimeout(timer.current);
    setShown(null);
  };
  return (
    <>
      {shown && (
        <Tooltip title={shown.label} open onClose={hide} disableHoverListener disableFocusListener disableTouchListener slotProps={{ popper: { anchorEl: shown.anchor } }}>
          <span aria-hidden style={NO_BOX} />
        </Tooltip>
      )}
      <IconList aria-label="Services">
        {tiles.map(({ type, label }) => {
          const Icon = ICONS[type];
          return (
            <li key={type}>
              <span
                tabIndex={0}
                aria-label={label}
                onMouseEnter={(e) => show(label, e.currentTarget, ENTER_DELAY_MS)}
                onMouseLeave={hide}
                // As MUI's tooltip: on keyboard focus, not on a click.
                onFocus={(e) => e.currentTarget.matches(':focus-visible') && show(label, e.currentTarget, 0)}
                onBlur={hide}
                onKeyDown={(e) => e.key === 'Escape' && hide()}
              >
                <Icon fontSize="small" role="img" aria-label={label} aria-hidden={false} />
              </span>
            </li>
          );
        })}
      </IconList>
    </>
  );
}
