import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FILE_VALIDATION_MESSAGES } from '../../domain/fileValidation';
import { ValidationUploadDialog } from '../../resources/fileValidation/ValidationUploadDialog';
import { press } from './support/fields';
import { renderForm } from './support/render';

describe('Upload file for validation', () => {
  it('asks for the validation type and the file before uploading anything, and picking a type clears its message', async () => {
    const onUploaded = vi.fn();
    const { user, calls } = renderForm(<ValidationUploadDialog open disabled={false} onClose={() => undefined} onUploaded={onUploaded} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload file for validation' }));
    await press(user, 'Upload', dialog);
    await dialog.findByText(FILE_VALIDATION_MESSAGES.typeRequired);
    dialog.getByText(FILE_VALIDATION_MESSAGES.fileRequired);
    expect(calls.map((c) => c.method)).not.toContain('uploadValidationFile');

    await user.click(dialog.getByRole('combobox', { name: /Validation Type/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'ViSN Customer Contract' }));
    await waitFor(() => expect(dialog.queryByText(FILE_VALIDATION_MESSAGES.typeRequired)).toBeNull());
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
