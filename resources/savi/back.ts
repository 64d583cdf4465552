import type { BackLink } from '../../src/layout/PageFrame';

/** Spec 3 §2.1: the area's pages lead back to the SAVi page. */
export const SAVI_BACK: BackLink = { label: 'Back to SAVi', to: '/savi/savi-export' };
