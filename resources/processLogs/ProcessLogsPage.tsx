import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

export function ProcessLogsPage() {
  return (
    <PageFrame title="Process Logs">
      <NotYetAvailable />
    </PageFrame>
  );
}
