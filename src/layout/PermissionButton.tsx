import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mui/material';

/**
 * Whether the user may use a control: react-admin's useCanAccess answer, undefined while it is
 * pending (the control is then disabled without a reason, so it never shows enabled and then greys out).
 */
export type Allowed = boolean | undefined;

/**
 * Says why a control is disabled, `why`, on hover and focus of a wrapper (a disabled button gets
 * no events) when `allowed` is false; nothing otherwise.
 */
export function PermissionTooltip({ allowed, why, children }: { allowed: Allowed; why: string; children: ReactNode }) {
  // Allowed or not known yet, there is nothing to say: no tooltip to set up (a page of cards has dozens of these).
  if (allowed !== false) return <span>{children}</span>;
  return (
    <Tooltip title={why}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** A button that is disabled, with `why` as its tooltip, unless the user is `allowed`; `disabled` adds other reasons. */
export function PermissionButton({ allowed, why, disabled, ...props }: ButtonProps & { allowed: Allowed; why: string }) {
  return (
    <PermissionTooltip allowed={allowed} why={why}>
      <Button {...props} disabled={allowed !== true || Boolean(disabled)} />
    </PermissionTooltip>
  );
}
