import { Fragment, type ReactNode } from 'react';
import { supportTool, type SupportTool } from '../../domain/support/dashboard';
import { PlainDrawer, useOpenCount } from '../../src/ui/Drawer';

/**
 * A support tool's right-hand drawer (spec 3 §2.4): titled with the tool's label, at its width,
 * with a Close button; each opening starts the tool afresh (nothing searched, nothing typed).
 */
export function ToolDrawer({ tool, open, onClose, children }: { tool: SupportTool; open: boolean; onClose(): void; children: ReactNode }) {
  const def = supportTool(tool);
  const opening = useOpenCount(open);
  return (
    <PlainDrawer open={open} title={def.label} width={def.width} onClose={onClose} closeButton>
      <Fragment key={opening}>{children}</Fragment>
    </PlainDrawer>
  );
}
