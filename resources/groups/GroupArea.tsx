import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function GroupSearchPage() {
  return (
    <PageFrame title="Group Search">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /group/. The index and any unknown path go to group-search. */
export function GroupArea() {
  return (
    <Routes>
      <Route path="group-search" element={<GroupSearchPage />} />
      <Route path="*" element={<Navigate to="/group/group-search" replace />} />
    </Routes>
  );
}
