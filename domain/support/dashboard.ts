import type { PermissionName } from '../permissions';

/** The support dashboard (spec 3 §2.4): its sections and their buttons, in the spec's order. */

export const SUPPORT_TITLE = 'Support';
/** Spec 3 §2.4: the tooltip of a button without its permission. */
export const NO_MODULE_ACCESS = 'You do not have access to this module';
/** Spec 3 §2.4: every destructive action's confirmation begins so. */
export const CONFIRM_PREFIX = 'This cannot be undone. Are you sure';

export const ENQUIRY_TOOLS = ['enquirySearch', 'cancelEnquiry', 'revertEnquiry', 'deleteEnquiry', 'unarchiveEnquiry', 'regenerateInvoice', 'updateServiceType'] as const;
export type EnquiryTool = (typeof ENQUIRY_TOOLS)[number];
export const VEHICLE_TOOLS = ['updateVehicleRegistration', 'activateVehicle'] as const;
export type VehicleTool = (typeof VEHICLE_TOOLS)[number];
/** The tools over the reference data other systems share: accounting categories, job code mappings. */
export const REFERENCE_TOOLS = ['showCategories', 'externalCodes'] as const;
export type ReferenceTool = (typeof REFERENCE_TOOLS)[number];
/** The Emails section's tool: verification e-mails and the mail event log. */
export type MailTool = 'verifyEmail';
/** The Compliance section's tools, on drivers. */
export type DriverTool = 'restoreEmployment' | 'resendMandate';
export type GroupTool = 'unlinkGroup';
/** The Manage User section's tools. */
export const USER_TOOLS = ['removeUser', 'verifyUser'] as const;
export type UserTool = (typeof USER_TOOLS)[number];
export type SupportTool = EnquiryTool | VehicleTool | UserTool | ReferenceTool | MailTool | DriverTool | GroupTool;

export interface SupportToolDef {
  id: SupportTool;
  /** The button's text, the drawer's title. */
  label: string;
  /**
   * What the button needs (spec 3 §6). Update Service Type and Restore Employment show no check in
   * the spec; ours: the support area's edit, which the server needs for them too.
   */
  permission: PermissionName;
  /** Spec 3 §9: support drawers are 580 wide, some 500. */
  width: 580 | 500;
  /** The server slugs behind the tool that check the same permission (its support action's slugs). */
  slugs: readonly string[];
}

export interface SupportSection {
  title: string;
  tools: SupportToolDef[];
}

const tool = (id: SupportTool, label: string, permission: PermissionName, slugs: readonly string[], width: 580 | 500 = 580): SupportToolDef => ({
  id,
  label,
  permission,
  width,
  slugs,
});

export const SUPPORT_SECTIONS: SupportSection[] = [
  {
    title: 'Manage Enquiry',
    tools: [
      tool('enquirySearch', 'Enquiry Search', 'ALLOW_ENQUIRY_SEARCH', []),
      tool('cancelEnquiry', 'Cancel an Enquiry', 'ALLOW_CANCEL_ENQUIRY', ['admin/cancelEnquiryFromAdmin']),
      tool('revertEnquiry', 'Revert Enquiry Completion', 'ALLOW_REVERT_ENQUIRY', ['admin/revertEnquiryCompletion']),
      tool('deleteEnquiry', 'Delete Enquiry', 'ALLOW_DELETE_ENQUIRY', ['admin/deleteEnquiryFromAdmin']),
      tool('unarchiveEnquiry', 'Unarchive Enquiry', 'ALLOW_UNARCHIVE_ENQUIRY', ['admin/unArchiveEnquiry']),
      tool('regenerateInvoice', 'Regenerate Invoice', 'ALLOW_REGENERATE_INVOICE', ['enquiry/invoices/getInvoiceSearchData', 'admin/regenerateInvoicePdf', 'enquiry/invoices/getInvoicePdf']),
      tool('updateServiceType', 'Update Service Type', 'support', ['admin/updateEnquiryServiceType']),
    ],
  },
  {
    title: 'Manage Vehicle',
    tools: [
      tool('updateVehicleRegistration', 'Update Vehicle Registration', 'ALLOW_VRM_UPDATE', ['admin/updateVehicleRegistration'], 500),
      tool('activateVehicle', 'Activate Terminated Vehicle', 'ALLOW_VEHICLE_ACTIVATION', ['admin/activateTerminatedVehicle'], 500),
    ],
  },
  { title: 'Manage User', tools: [tool('removeUser', 'Remove User', 'ALLOW_REMOVE_USER', ['admin/removeUser'], 500), tool('verifyUser', 'Verify User', 'ALLOW_VERIFY_USER', ['admin/verifyUser', 'admin/triggerUserClaimsUpdate'], 500)] },
  { title: 'QuickBooks Customer Categories', tools: [tool('showCategories', 'Show Categories', 'ALLOW_SHOW_QUICKBOOKS_CUSTOMER_CATEGORIES', ['admin/getQuickBooksCustomerCategories'], 500)] },
  { title: 'Emails', tools: [tool('verifyEmail', 'Verify Email', 'ALLOW_VERIFY_EMAIL', ['admin/sendVerificationEmail', 'admin/getMailgunEvents', 'email/resendEmail'])] },
  { title: 'Compliance', tools: [tool('restoreEmployment', 'Restore Employment', 'support', ['admin/restoreDriverEmployment']), tool('resendMandate', 'Resend Driver Web Mandate', 'ALLOW_RESEND_DRIVER_MANDATE', ['admin/resendDriverMandate'])] },
  { title: 'Job Descriptions', tools: [tool('externalCodes', 'Manage External Codes', 'MANAGE_EXTERNAL_CODES', ['admin/getExternalSMRCodes', 'admin/saveExternalSMRCodes'], 500)] },
  { title: 'Manage Groups', tools: [tool('unlinkGroup', 'Unlink Group', 'ALLOW_UNLINK_LEASE_FROM_GROUP', ['admin/getLeaseGroupLink', 'admin/unlinkLeaseFromGroup'], 500)] },
];

const TOOLS = new Map(SUPPORT_SECTIONS.flatMap((s) => s.tools).map((t) => [t.id, t]));

export function supportTool(id: SupportTool): SupportToolDef {
  return TOOLS.get(id) as SupportToolDef;
}

/** Tools that only read; every other tool changes records. */
const READING_TOOLS: readonly SupportTool[] = ['enquirySearch', 'showCategories'];
/** The action every tool needs of its permission: view for a tool that only reads, else edit. */
export const toolAction = (id: SupportTool) => (READING_TOOLS.includes(id) ? 'view' : 'edit') as 'view' | 'edit';
