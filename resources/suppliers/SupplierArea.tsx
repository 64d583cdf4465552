import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function SetupPage() {
  return (
    <PageFrame title="Supplier Onboarding">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /supplier/. The index and any unknown path go to setup. */
export function SupplierArea() {
  return (
    <Routes>
      <Route path="setup" element={<SetupPage />} />
      <Route path="*" element={<Navigate to="/supplier/setup" replace />} />
    </Routes>
  );
}
