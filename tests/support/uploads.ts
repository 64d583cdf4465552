/** A well-formed upload for each multipart slug, which it accepts: the base of the hostile variants (hostileInput.ts). */
import { DI_NETWORK_FORMAT } from '../../domain/network';
import type { WellFormedUpload } from './hostileInput';

export const WELL_FORMED_UPLOADS: Record<string, WellFormedUpload> = {
  'fileValidation/upload': { fields: { validationType: 'AUTOSERVE_PRICE_CATALOGUE', user: 'Upload Test' }, file: { name: 'prices.csv', content: 'Part,Price\r\nA1,10\r\n' } },
  'admin/validateNetworkImport': {
    fields: { user: '{"firstname":"Upload","lastname":"Test"}', isDiNetworkImport: 'true' },
    file: { name: 'network.csv', content: `${DI_NETWORK_FORMAT.columns.map((c) => c.header).join(',')}\r\n` },
  },
};
