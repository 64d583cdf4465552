import { useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { CanAccess, useCanAccess } from 'react-admin';
import { supportResource } from '../../domain/resources/support';
import { NO_MODULE_ACCESS, SUPPORT_SECTIONS, SUPPORT_TITLE, type SupportTool, type SupportToolDef } from '../../domain/support/dashboard';
import { ENQUIRY_TOOLS, VEHICLE_TOOLS, type EnquiryTool, type VehicleTool } from '../../domain/support/dashboard';
import { PageFrame } from '../../src/layout/PageFrame';
import { PermissionButton } from '../../src/layout/PermissionButton';
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
 * Each tool is an action of the support resource: a button without it is greyed with 'You do not
 * have access to this module', and its drawer is not rendered at all; each tool opens its own
 * right-hand drawer.
 */
export function SupportDashboard() {
  const [open, setOpen] = useState<SupportTool | null>(null);
  const tools = SUPPORT_SECTIONS.flatMap((s) => s.tools);
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
                <ToolButton key={t.id} tool={t} onOpen={() => setOpen(t.id)} />
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      {tools.map((t) => (
        <CanAccess key={t.id} resource={supportResource.name} action={t.id}>
          <ToolDrawerFor tool={t.id} open={open === t.id} onClose={close} />
        </CanAccess>
      ))}
    </PageFrame>
  );
}

/** A tool's button, greyed without the tool's action. */
function ToolButton({ tool, onOpen }: { tool: SupportToolDef; onOpen(): void }) {
  const { canAccess } = useCanAccess({ resource: supportResource.name, action: tool.id });
  return (
    <PermissionButton variant="outlined" allowed={canAccess} why={NO_MODULE_ACCESS} onClick={onOpen}>
      {tool.label}
    </PermissionButton>
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
