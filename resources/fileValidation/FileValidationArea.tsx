import { Navigate, Route, Routes } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';

function ReportsPage() {
  return (
    <PageFrame title="File Validation">
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /file-validation/. The index and any unknown path go to reports. */
export function FileValidationArea() {
  return (
    <Routes>
      <Route path="reports" element={<ReportsPage />} />
      <Route path="*" element={<Navigate to="/file-validation/reports" replace />} />
    </Routes>
  );
}
