import { useState } from 'react';
import type { Allowed } from '../layout/PermissionButton';
import { CardPermissionButton } from '../search/CardButton';
import { InviteUserDrawer, type InviteUserDrawerProps } from './InviteUserDrawer';

/**
 * Invite User on a search card (supplier, group): disabled with `why` as its tooltip when not
 * `allowed`; the drawer is mounted on first use only, so a page of cards stays light.
 */
export function InviteUserButton({ allowed, why, intro, send }: { allowed: Allowed; why: string; intro: string; send: InviteUserDrawerProps['send'] }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <CardPermissionButton
        allowed={allowed}
        why={why}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Invite User
      </CardPermissionButton>
      {used && allowed && <InviteUserDrawer open={open} intro={intro} send={send} onClose={() => setOpen(false)} />}
    </>
  );
}
