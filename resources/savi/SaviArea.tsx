import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function SaviExportPage() {
  return (
    <PageFrame title="SAVi">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /savi/. The index and any unknown path go to savi-export. */
export function SaviArea() {
  return (
    <Routes>
      <Route path="savi-export" element={<SaviExportPage />} />
      <Route path="*" element={<Navigate to="/savi/savi-export" replace />} />
    </Routes>
  );
}
