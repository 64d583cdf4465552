import { createContext, useContext, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { styled, type Theme } from '@mui/material/styles';
import { PermissionTooltip, type Allowed } from '../layout/PermissionButton';
import { focusRing } from '../theme';

/**
 * MUI's medium outlined and contained Button as the console's theme draws them (no elevation, the
 * console's focus ring), on a plain element: a page of search cards shows over a hundred actions,
 * and MUI's Button (ButtonBase, ripple, focus tracking, several styled parts) cost most of a
 * card's render.
 */
const lookOf = (theme: Theme) => ({
  ...theme.typography.button,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative' as const,
  boxSizing: 'border-box' as const,
  minWidth: 64,
  margin: 0,
  padding: '5px 15px',
  border: `1px solid ${theme.alpha(theme.palette.primary.main, 0.5)}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: 'transparent',
  color: theme.palette.primary.main,
  cursor: 'pointer',
  userSelect: 'none' as const,
  verticalAlign: 'middle',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: theme.transitions.create(['background-color', 'border-color', 'color'], { duration: theme.transitions.duration.short }),
  '@media (hover: hover)': {
    '&:hover': { backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity), borderColor: theme.palette.primary.main },
  },
  '&:focus-visible': focusRing,
  '&:disabled': { color: theme.palette.action.disabled, borderColor: theme.palette.action.disabledBackground, cursor: 'default', pointerEvents: 'none' as const },
  '&.contained': {
    padding: '6px 16px',
    border: 0,
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    '@media (hover: hover)': { '&:hover': { backgroundColor: theme.palette.primary.dark } },
    '&:disabled': { color: theme.palette.action.disabled, backgroundColor: theme.palette.action.disabledBackground },
  },
  // A count after the label (Documents), filled when not zero.
  '& > .count': { marginLeft: 8, minWidth: 22, padding: '0 6px', borderRadius: 11, backgroundColor: theme.palette.primary.main, color: theme.palette.primary.contrastText, fontSize: 12, lineHeight: '20px', fontWeight: 700, textAlign: 'center' as const },
  '& > .count.zero': { backgroundColor: theme.palette.action.selected, color: theme.palette.text.secondary },
  '& > .start-icon': { display: 'inherit', marginRight: 8, marginLeft: -4, '& > svg': { fontSize: 20 } },
});

/** Worked out once per theme, not on every render of every button. */
const looks = new WeakMap<Theme, ReturnType<typeof lookOf>>();
const look = ({ theme }: { theme: Theme }) => {
  let styles = looks.get(theme);
  if (!styles) looks.set(theme, (styles = lookOf(theme)));
  return styles;
};

const PlainButton = styled('button')(look);
const PlainLink = styled('a')(look);

type Variant = 'outlined' | 'contained';

export type CardButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; startIcon?: ReactNode };

/** A search card's action button (outlined unless `variant` says contained). */
export function CardButton({ variant = 'outlined', startIcon, className, children, ...props }: CardButtonProps) {
  return (
    <PlainButton type="button" className={variant === 'contained' ? `contained ${className ?? ''}` : className} {...props}>
      {startIcon && <span className="start-icon">{startIcon}</span>}
      {children}
    </PlainButton>
  );
}

/** Goes to an address of the console with navigation state, as a router link does. */
export type CardNavigate = (to: string, state: unknown) => void;

/**
 * The card search's navigation, one stable function for all its cards. A router Link follows the
 * address, so every card's links rendered again at each search; this does not.
 */
export const CardNavigation = createContext<CardNavigate | null>(null);

/** A plain left click, which the page handles; others (new tab, new window, download) are the browser's. */
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>) => !e.defaultPrevented && e.button === 0 && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

/**
 * A search card's link to a console address (`to`, absolute), drawn as its action buttons are
 * (View); `state` goes with it as a router link's does. Outside a card search it is a plain link.
 */
export function CardLink({ variant = 'outlined', className, to, state, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; state?: unknown; variant?: Variant }) {
  const navigate = useContext(CardNavigation);
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || !isPlainClick(e)) return;
    e.preventDefault();
    navigate(to, state);
  };
  return <PlainLink className={variant === 'contained' ? `contained ${className ?? ''}` : className} href={to} onClick={follow} {...props} />;
}

/** A card action the user may not be `allowed` to use: disabled, with `why` as its tooltip (as PermissionButton). */
export function CardPermissionButton({ allowed, why, disabled, ...props }: CardButtonProps & { allowed: Allowed; why: string }) {
  return (
    <PermissionTooltip allowed={allowed} why={why}>
      <CardButton {...props} disabled={allowed !== true || Boolean(disabled)} />
    </PermissionTooltip>
  );
}
