import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function DashboardPage() {
  return (
    <PageFrame title="e-Registration">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /e-registration/. The index and any unknown path go to dashboard. */
export function RegistrationArea() {
  return (
    <Routes>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="*" element={<Navigate to="/e-registration/dashboard" replace />} />
    </Routes>
  );
}
