import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { styled, type Theme } from '@mui/material/styles';
import { Link, type LinkProps } from 'react-router-dom';
import { PermissionTooltip, type Allowed } from '../layout/PermissionButton';
import { focusRing } from '../theme';

/**
 * MUI's medium outlined and contained Button as the console's theme draws them (no elevation, the
 * console's focus ring), on a plain element: a page of search cards shows over a hundred actions,
 * and MUI's Button (ButtonBase, ripple, focus tracking, several styled parts) cost most of a
 * card's render.
 */
const look = ({ theme }: { theme: Theme }) => ({
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

const PlainButton = styled('button')(look);
const PlainLink = styled(Link)(look);

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

/** A search card's link drawn as its action buttons are (View, Show Suppliers). */
export function CardLink({ variant = 'outlined', className, ...props }: LinkProps & { variant?: Variant }) {
  return <PlainLink className={variant === 'contained' ? `contained ${className ?? ''}` : className} {...props} />;
}

/** A card action the user may not be `allowed` to use: disabled, with `why` as its tooltip (as PermissionButton). */
export function CardPermissionButton({ allowed, why, disabled, ...props }: CardButtonProps & { allowed: Allowed; why: string }) {
  return (
    <PermissionTooltip allowed={allowed} why={why}>
      <CardButton {...props} disabled={allowed !== true || Boolean(disabled)} />
    </PermissionTooltip>
  );
}
