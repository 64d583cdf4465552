import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

export function MasterLoginsPage() {
  return (
    <PageFrame title="Master Logins">
      <NotYetAvailable />
    </PageFrame>
  );
}
