import { describe, expect, it } from 'vitest';
import { customerLogoUrl, isAcceptedLogo } from '../../domain/customers';

describe('isAcceptedLogo', () => {
  it('accepts a logo uploaded here and an https address on a named host', () => {
    for (const ok of [customerLogoUrl('0b7f7a4e-2c1d-4e8f-9a6b-1c2d3e4f5a6b'), 'https://cdn.brand.example/logo.png', 'HTTPS://brand.co.uk/l.png?v=1#x']) {
      expect(isAcceptedLogo(ok), ok).toBe(true);
    }
  });

  it('refuses http, other schemes, relative and protocol-relative addresses, credentials and other paths here', () => {
    for (const bad of [
      'http://brand.example/logo.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:https://brand.example/1',
      '//tracker.example/p.png',
      'logo.png',
      'https://user@brand.example/logo.png',
      'https://localhost/logo.png',
      'https://10.0.0.1/logo.png',
      'https://brand.example/a b.png',
      '/api/v1/admin/getCustomerLogo?fileId=not-an-id',
      `${customerLogoUrl('0b7f7a4e-2c1d-4e8f-9a6b-1c2d3e4f5a6b')}&then=more`,
      `https://brand.example/${'a'.repeat(300)}`,
    ]) {
      expect(isAcceptedLogo(bad), bad).toBe(false);
    }
  });
});
