import type { ComponentType } from 'react';
import { NotYetAvailable, PageFrame } from '../layout/PageFrame';

/** A screen whose content arrives with a later release: its title, and says so. */
export function notYetAvailablePage(title: string): ComponentType {
  const Page = () => (
    <PageFrame title={title}>
      <NotYetAvailable />
    </PageFrame>
  );
  Page.displayName = `NotYetAvailable(${title})`;
  return Page;
}
