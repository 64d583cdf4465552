import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mui/material';

/**
 * Says why a control is disabled, `why`, on hover and focus of a wrapper (a disabled button gets
 * no events) when `allowed` is false; nothing otherwise.
 */
export function PermissionTooltip({ allowed, why, children }: { allowed: boolean; why: string; children: ReactNode }) {
  // Allowed, there is nothing to say: no tooltip to set up (a page of cards has dozens of these).
  if (allowed) return <span>{children}</span>;
  return (
    <Tooltip title={why}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** A button that is disabled, with `why` as its tooltip, when the user is not `allowed`; `disabled` adds other reasons. */
export function PermissionButton({ allowed, why, disabled, ...props }: ButtonProps & { allowed: boolean; why: string }) {
  return (
    <PermissionTooltip allowed={allowed} why={why}>
      <Button {...props} disabled={!allowed || Boolean(disabled)} />
    </PermissionTooltip>
  );
}
