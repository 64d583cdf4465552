import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function SupportDashboardPage() {
  return (
    <PageFrame title="Support">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /support/. The index and any unknown path go to support-dashboard. */
export function SupportArea() {
  return (
    <Routes>
      <Route path="support-dashboard" element={<SupportDashboardPage />} />
      <Route path="*" element={<Navigate to="/support/support-dashboard" replace />} />
    </Routes>
  );
}
