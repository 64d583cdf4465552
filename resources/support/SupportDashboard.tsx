import { useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { NO_MODULE_ACCESS, SUPPORT_SECTIONS, SUPPORT_TITLE, toolAction, type SupportTool, type SupportToolDef } from '../../domain/support/dashboard';
import { ENQUIRY_TOOLS, VEHICLE_TOOLS, type EnquiryTool, type VehicleTool } from '../../domain/support/dashboard';
import { PageFrame } from '../../src/layout/PageFrame';
import { PermissionButton } from '../../src/layout/PermissionButton';
import { useCan } from '../../src/layout/useSession';
import { EnquiryToolDrawer } from './enquiries/EnquiryToolDrawer';
import { VehicleToolDrawer } from './vehicles/VehicleToolDrawer';
import { CategoriesDrawer } from './codes/CategoriesDrawer';
import { ExternalCodesDrawer } from './codes/ExternalCodesDrawer';
import { DriverToolDrawer } from './compliance/DriverToolDrawer';
import { UnlinkGroupDrawer } from './groups/UnlinkGroupDrawer';
import { VerifyEmailDrawer } from './mail/VerifyEmailDrawer';
import { UserToolDrawer } from './users/UserToolDrawer';

const isEnquiryTool = (t: SupportTool): t is EnquiryTool => (ENQUIRY_TOOLS as readonly string[]).includes(t);
const isVehicleTool = (t: SupportTool): t is VehicleTool => (VEHICLE_TOOLS as readonly string[]).includes(t);

/**
 * The support dashboard (spec 3 §2.4): the eight sections and their buttons in the spec's order.
 * A button without its permission is greyed with 'You do not have access to this module', and its
 * drawer is not rendered at all; each tool opens its own right-hand drawer.
 */
export function SupportDashboard() {
  const can = useCan();
  const [open, setOpen] = useState<SupportTool | null>(null);
  const allowed = (t: SupportToolDef) => can(t.permission, toolAction(t.id));
  const tools = SUPPORT_SECTIONS.flatMap((s) => s.tools).filter(allowed);
  const close = () => setOpen(null);
  return (
    <PageFrame title={SUPPORT_TITLE}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, maxWidth: 1100 }}>
        {SUPPORT_SECTIONS.map((section) => (
          <Paper key={section.title} variant="outlined" component="section" aria-labelledby={`support-${section.title}`} sx={{ p: 2.5 }}>
            <Typography id={`support-${section.title}`} variant="h2" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
              {section.title}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
              {section.tools.map((t) => (
                <PermissionButton
                  key={t.id}
                  variant="outlined"
                  allowed={allowed(t)}
                  why={NO_MODULE_ACCESS}
                  onClick={() => setOpen(t.id)}
                >
                  {t.label}
                </PermissionButton>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      {tools.map((t) => (
        <ToolDrawerFor key={t.id} tool={t.id} open={open === t.id} onClose={close} />
      ))}
    </PageFrame>
  );
}

/** The drawer of one tool, rendered only for the tools the user may use. */
function ToolDrawerFor({ tool, open, onClose }: { tool: SupportTool; open: boolean; onClose(): void }) {
  if (isEnquiryTool(tool)) return <EnquiryToolDrawer tool={tool} open={open} onClose={onClose} />;
  if (isVehicleTool(tool)) return <VehicleToolDrawer tool={tool} open={open} onClose={onClose} />;
  switch (tool) {
    case 'removeUser':
    case 'verifyUser':
      return <UserToolDrawer tool={tool} open={open} onClose={onClose} />;
    case 'showCategories':
      return <CategoriesDrawer open={open} onClose={onClose} />;
    case 'externalCodes':
      return <ExternalCodesDrawer open={open} onClose={onClose} />;
    case 'restoreEmployment':
    case 'resendMandate':
      return <DriverToolDrawer tool={tool} open={open} onClose={onClose} />;
    case 'unlinkGroup':
      return <UnlinkGroupDrawer open={open} onClose={onClose} />;
    case 'verifyEmail':
      return <VerifyEmailDrawer open={open} onClose={onClose} />;
    default:
      return null;
  }
}
